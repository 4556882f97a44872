import type { Address } from '@fieldbot/shared';
import { DomainError } from '../../lib/errors.js';
import { toAddress, type AddressProvider, type ReferenceTimezone } from './address-provider.js';

const COUNTRIES: Record<string, string> = { US: 'United States', CA: 'Canada' };
const SUGGESTIONS = 5;
export const GOOGLE_PLACES_API_URL = 'https://places.googleapis.com';
const DETAILS_FIELDS = 'addressComponents,location';

interface AddressComponent {
  longText?: string;
  shortText?: string;
  types?: string[];
}

interface PlaceDetails {
  location?: { latitude: number; longitude: number };
  addressComponents?: AddressComponent[];
}

interface AutocompleteAnswer {
  suggestions?: { placePrediction?: { placeId?: string } }[];
}

const unavailable = () => new DomainError(503, 'Address search is unavailable. Please try again.');

/**
 * Google Places API (New) (ADDRESS_PROVIDER=google): Autocomplete limited to street addresses in the
 * US and Canada (spec §5), then Place Details of each suggestion for its parts and coordinates
 * (our look-up answers whole addresses, so every suggestion is resolved at once).
 */
export function createGoogleAddressProvider(deps: {
  apiKey: string;
  timezones(): Promise<readonly ReferenceTimezone[]>;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): AddressProvider {
  const doFetch = deps.fetch ?? fetch;
  const base = (deps.baseUrl ?? GOOGLE_PLACES_API_URL).replace(/\/+$/, '');
  const timeout = () => AbortSignal.timeout(deps.timeoutMs ?? 5000);

  async function call<T>(url: string, init: RequestInit): Promise<T> {
    try {
      const res = await doFetch(url, { ...init, signal: timeout() });
      if (!res.ok) throw new Error(`Google Places answered ${res.status}`);
      return (await res.json()) as T;
    } catch {
      throw unavailable();
    }
  }

  async function details(placeId: string): Promise<PlaceDetails> {
    return call<PlaceDetails>(`${base}/v1/places/${encodeURIComponent(placeId)}?languageCode=en`, {
      headers: { 'X-Goog-Api-Key': deps.apiKey, 'X-Goog-FieldMask': DETAILS_FIELDS },
    });
  }

  return {
    name: 'google',
    async search(query) {
      const answer = await call<AutocompleteAnswer>(`${base}/v1/places:autocomplete`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': deps.apiKey,
          'X-Goog-FieldMask': 'suggestions.placePrediction.placeId',
        },
        body: JSON.stringify({
          input: query,
          includedRegionCodes: ['us', 'ca'],
          includedPrimaryTypes: ['street_address', 'premise', 'subpremise'],
          languageCode: 'en',
        }),
      });
      const placeIds = (answer.suggestions ?? [])
        .map((s) => s.placePrediction?.placeId)
        .filter((id): id is string => Boolean(id))
        .slice(0, SUGGESTIONS);
      const places = await Promise.all(placeIds.map(details));
      const list = await deps.timezones();
      const addresses: Address[] = [];
      for (const place of places) {
        const part = (type: string, short = false) => {
          const found = place.addressComponents?.find((c) => c.types?.includes(type));
          return (short ? found?.shortText : found?.longText) ?? undefined;
        };
        const country = COUNTRIES[part('country', true)?.toUpperCase() ?? ''];
        const number = part('street_number');
        const route = part('route');
        // A street without a house number is not an address (spec §5: addresses only).
        const street = number && route ? `${number} ${route}` : undefined;
        const city = part('locality') ?? part('postal_town') ?? part('sublocality');
        const state = part('administrative_area_level_1', true);
        const zipcode = part('postal_code');
        const lat = place.location?.latitude;
        const lng = place.location?.longitude;
        const address = toAddress(
          {
            street,
            city,
            state,
            zipcode,
            country,
            county: part('administrative_area_level_2') ?? null,
            lat,
            lng,
          },
          list,
        );
        if (address) addresses.push(address);
      }
      return addresses;
    },
  };
}
