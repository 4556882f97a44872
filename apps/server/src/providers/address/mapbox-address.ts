import type { Address } from '@fieldbot/shared';
import { DomainError } from '../../lib/errors.js';
import { toAddress, type AddressProvider, type ReferenceTimezone } from './address-provider.js';

const COUNTRIES: Record<string, string> = { US: 'United States', CA: 'Canada' };
const SUGGESTIONS = 5;
export const MAPBOX_API_URL = 'https://api.mapbox.com';

interface MapboxContextItem {
  name?: string;
  region_code?: string;
  country_code?: string;
}

interface MapboxFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: {
    feature_type?: string;
    name?: string;
    coordinates?: { longitude: number; latitude: number };
    context?: {
      address?: MapboxContextItem;
      postcode?: MapboxContextItem;
      place?: MapboxContextItem;
      locality?: MapboxContextItem;
      district?: MapboxContextItem;
      region?: MapboxContextItem;
      country?: MapboxContextItem;
    };
  };
}

/**
 * Mapbox Geocoding v6 forward search (ADDRESS_PROVIDER=mapbox): addresses in the US and Canada
 * only (spec §5), in autocomplete mode, with the reference timezone from the coordinates.
 */
export function createMapboxAddressProvider(deps: {
  accessToken: string;
  timezones(): Promise<readonly ReferenceTimezone[]>;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): AddressProvider {
  const doFetch = deps.fetch ?? fetch;
  const base = deps.baseUrl ?? MAPBOX_API_URL;
  return {
    name: 'mapbox',
    async search(query) {
      const url = new URL('search/geocode/v6/forward', base.endsWith('/') ? base : `${base}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('country', 'us,ca');
      url.searchParams.set('types', 'address');
      url.searchParams.set('autocomplete', 'true');
      url.searchParams.set('language', 'en');
      url.searchParams.set('limit', String(SUGGESTIONS));
      url.searchParams.set('access_token', deps.accessToken);
      let features: MapboxFeature[];
      try {
        const res = await doFetch(url, { signal: AbortSignal.timeout(deps.timeoutMs ?? 5000) });
        if (!res.ok) throw new Error(`Mapbox answered ${res.status}`);
        features = ((await res.json()) as { features?: MapboxFeature[] }).features ?? [];
      } catch {
        throw new DomainError(503, 'Address search is unavailable. Please try again.');
      }
      const list = await deps.timezones();
      const addresses: Address[] = [];
      for (const feature of features) {
        const p = feature.properties ?? {};
        const c = p.context ?? {};
        const country = COUNTRIES[c.country?.country_code?.toUpperCase() ?? ''];
        const street = c.address?.name ?? p.name;
        const city = c.place?.name ?? c.locality?.name;
        const state = c.region?.region_code ?? c.region?.name;
        const zipcode = c.postcode?.name;
        const lng = p.coordinates?.longitude ?? feature.geometry?.coordinates?.[0];
        const lat = p.coordinates?.latitude ?? feature.geometry?.coordinates?.[1];
        if (p.feature_type && p.feature_type !== 'address') continue;
        const address = toAddress(
          { street, city, state, zipcode, country, county: c.district?.name ?? null, lat, lng },
          list,
        );
        if (address) addresses.push(address);
      }
      return addresses;
    },
  };
}
