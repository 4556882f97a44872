import type { AppConfig } from '../../config.js';
import type { AddressProvider, ReferenceTimezone } from './address-provider.js';
import { createGoogleAddressProvider } from './google-address.js';
import { createMapboxAddressProvider } from './mapbox-address.js';
import { createOfflineAddressProvider } from './offline-address.js';
import { createPhotonAddressProvider } from './photon-address.js';

export type { AddressProvider, ReferenceTimezone } from './address-provider.js';

/**
 * The configured look-up. Offline needs nothing; Photon needs network; Mapbox and Google need
 * their key (loadConfig refuses to start without it).
 */
export function createAddressProvider(
  config: AppConfig,
  deps: { timezones(): Promise<readonly ReferenceTimezone[]> },
): AddressProvider {
  switch (config.address.provider) {
    case 'offline':
      return createOfflineAddressProvider(deps);
    case 'photon':
      return createPhotonAddressProvider({ ...deps, baseUrl: config.address.photonUrl });
    case 'mapbox':
      return createMapboxAddressProvider({
        ...deps,
        accessToken: required(config.address.mapboxAccessToken, 'MAPBOX_ACCESS_TOKEN'),
      });
    case 'google':
      return createGoogleAddressProvider({
        ...deps,
        apiKey: required(config.address.googleMapsApiKey, 'GOOGLE_MAPS_API_KEY'),
      });
  }
}

function required(value: string | null, name: string): string {
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
