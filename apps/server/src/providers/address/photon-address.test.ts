import { describe, expect, it } from 'vitest';
import { TIMEZONES } from '../../lib/reference-data.js';
import { createPhotonAddressProvider } from './photon-address.js';

const feature = (properties: Record<string, string>, lng: number, lat: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

function photon(body: unknown, status = 200) {
  const requested: URL[] = [];
  const provider = createPhotonAddressProvider({
    baseUrl: 'https://photon.example.test',
    timezones: async () => TIMEZONES,
    fetch: (async (url: URL) => {
      requested.push(url);
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch,
  });
  return { provider, requested };
}

describe('Photon address look-up', () => {
  it('keeps US and Canadian addresses and names their reference timezone', async () => {
    const { provider, requested } = photon({
      features: [
        feature(
          {
            housenumber: '1600',
            street: 'Amphitheatre Parkway',
            city: 'Mountain View',
            county: 'Santa Clara County',
            state: 'California',
            postcode: '94043',
            countrycode: 'US',
          },
          -122.084,
          37.422,
        ),
        feature(
          {
            street: 'Rue de Rivoli',
            city: 'Paris',
            state: 'IDF',
            postcode: '75001',
            countrycode: 'FR',
          },
          2.34,
          48.86,
        ),
        feature({ name: 'Toronto', state: 'Ontario', countrycode: 'CA' }, -79.38, 43.65),
      ],
    });
    expect(await provider.search('1600 Amphitheatre')).toEqual([
      {
        location: '1600 Amphitheatre Parkway, Mountain View, California 94043, United States',
        zipcode: '94043',
        state: 'California',
        city: 'Mountain View',
        country: 'United States',
        county: 'Santa Clara County',
        timezone: 'Pacific Time (US & Canada)',
        lat: 37.422,
        lng: -122.084,
      },
    ]);
    expect(requested[0]!.origin + requested[0]!.pathname).toBe('https://photon.example.test/api');
    expect(requested[0]!.searchParams.get('q')).toBe('1600 Amphitheatre');
    expect(requested[0]!.searchParams.getAll('layer')).toEqual(['house', 'street']);
  });

  it('answers 503 when the service fails', async () => {
    await expect(photon({}, 500).provider.search('x')).rejects.toMatchObject({ status: 503 });
  });
});
