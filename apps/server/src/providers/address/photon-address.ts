import type { Address } from '@fieldbot/shared';
import { DomainError } from '../../lib/errors.js';
import { toAddress, type AddressProvider, type ReferenceTimezone } from './address-provider.js';

const COUNTRIES: Record<string, string> = { US: 'United States', CA: 'Canada' };
/** Longitude/latitude box around the US (with Alaska and Hawaii) and Canada. */
const NORTH_AMERICA_BBOX = '-180,15,-50,84';
const SUGGESTIONS = 5;

interface PhotonFeature {
  geometry: { coordinates: [number, number] };
  properties: {
    housenumber?: string;
    street?: string;
    name?: string;
    city?: string;
    county?: string;
    state?: string;
    postcode?: string;
    countrycode?: string;
  };
}

/**
 * Photon (OpenStreetMap geocoder, self-hosted or komoot's public instance): house and street
 * results in the US and Canada only (spec §5), with the reference timezone from the coordinates.
 */
export function createPhotonAddressProvider(deps: {
  baseUrl: string;
  timezones(): Promise<readonly ReferenceTimezone[]>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): AddressProvider {
  const doFetch = deps.fetch ?? fetch;
  return {
    name: 'photon',
    async search(query) {
      const url = new URL('api', deps.baseUrl.endsWith('/') ? deps.baseUrl : `${deps.baseUrl}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('lang', 'en');
      url.searchParams.set('limit', String(SUGGESTIONS * 2));
      url.searchParams.set('bbox', NORTH_AMERICA_BBOX);
      url.searchParams.append('layer', 'house');
      url.searchParams.append('layer', 'street');
      let features: PhotonFeature[];
      try {
        const res = await doFetch(url, { signal: AbortSignal.timeout(deps.timeoutMs ?? 5000) });
        if (!res.ok) throw new Error(`Photon answered ${res.status}`);
        features = ((await res.json()) as { features?: PhotonFeature[] }).features ?? [];
      } catch {
        throw new DomainError(503, 'Address search is unavailable. Please try again.');
      }
      const list = await deps.timezones();
      const addresses: Address[] = [];
      for (const { geometry, properties: p } of features) {
        const country = COUNTRIES[p.countrycode?.toUpperCase() ?? ''];
        const street = [p.housenumber, p.street ?? p.name].filter(Boolean).join(' ');
        const [lng, lat] = geometry.coordinates;
        const address = toAddress(
          {
            street,
            city: p.city,
            state: p.state,
            zipcode: p.postcode,
            country,
            county: p.county ?? null,
            lat,
            lng,
          },
          list,
        );
        if (!address) continue;
        addresses.push(address);
        if (addresses.length === SUGGESTIONS) break;
      }
      return addresses;
    },
  };
}
