import type { AppConfig } from '../../config.js';
import type { AddressProvider, ReferenceTimezone } from './address-provider.js';
import { createOfflineAddressProvider } from './offline-address.js';
import { createPhotonAddressProvider } from './photon-address.js';

export type { AddressProvider, ReferenceTimezone } from './address-provider.js';

/**
 * The configured look-up. Offline needs nothing; Photon needs network. A keyed one (Google Places,
 * Mapbox) would implement AddressProvider and be picked here by config.address.provider.
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
  }
}
