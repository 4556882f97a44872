import type { AppConfig } from '../../config.js';
import type { AddressProvider, ReferenceTimezone } from './address-provider.js';
import { createOfflineAddressProvider } from './offline-address.js';

export type { AddressProvider, ReferenceTimezone } from './address-provider.js';

/**
 * The configured look-up. Only the offline adapter exists so far; a hosted one (Google Places,
 * Mapbox, Photon) implements AddressProvider and is picked here by config.address.provider.
 */
export function createAddressProvider(
  config: AppConfig,
  deps: { timezones(): Promise<readonly ReferenceTimezone[]> },
): AddressProvider {
  switch (config.address.provider) {
    case 'offline':
      return createOfflineAddressProvider(deps);
  }
}
