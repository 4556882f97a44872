import { describe, expect, it } from 'vitest';
import { TIMEZONES } from '../../lib/reference-data.js';
import { matchTimezone } from './address-provider.js';
import { createOfflineAddressProvider } from './offline-address.js';

const provider = createOfflineAddressProvider({ timezones: async () => TIMEZONES });

describe('offline address look-up', () => {
  it('fills a US address from its ZIP, with the reference timezone', async () => {
    const [address] = await provider.search('1600 Amphitheatre Pkwy, Mountain View, CA 94043');
    expect(address).toMatchObject({
      location: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, United States',
      zipcode: '94043',
      city: 'Mountain View',
      state: 'CA',
      country: 'United States',
      timezone: 'Pacific Time (US & Canada)',
    });
    expect(address!.lat).toBeCloseTo(37.41, 1);
    expect(address!.lng).toBeCloseTo(-122.08, 1);
  });

  it('fills a Canadian address from its postal code', async () => {
    const [address] = await provider.search('290 Bremner Blvd, Toronto, ON m5v 3l9');
    expect(address).toMatchObject({
      location: '290 Bremner Blvd, Downtown Toronto, ON M5V 3L9, Canada',
      zipcode: 'M5V 3L9',
      city: 'Downtown Toronto',
      state: 'ON',
      country: 'Canada',
      timezone: 'Eastern Time (US & Canada)',
    });
    expect(address!.lat).toBeCloseTo(43.65, 1);
  });

  it('suggests nothing without a known postal code or a street line', async () => {
    expect(await provider.search('1600 Amphitheatre Pkwy')).toEqual([]);
    expect(await provider.search('1 Main St 00000')).toEqual([]);
    expect(await provider.search('94043')).toEqual([]);
  });

  it('matches an unlisted zone by the first word of its long name', () => {
    expect(matchTimezone('America/Detroit', TIMEZONES)).toBe('Eastern Time (US & Canada)');
    expect(matchTimezone('Europe/Paris', TIMEZONES)).toBeNull();
  });
});
