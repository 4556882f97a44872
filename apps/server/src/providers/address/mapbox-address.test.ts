import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGeocoder, type FakeGeocoderReply } from '../../../test/support/fake-geocoder.js';
import { TIMEZONES } from '../../lib/reference-data.js';
import { DomainError } from '../../lib/errors.js';
import { createMapboxAddressProvider } from './mapbox-address.js';

const context = (country: string, region: { name: string; region_code: string }) => ({
  address: { name: '350 5th Avenue' },
  postcode: { name: country === 'US' ? '10118' : 'M5V 3L9' },
  place: { name: country === 'US' ? 'New York' : 'Toronto' },
  district: { name: country === 'US' ? 'New York County' : 'Toronto' },
  region,
  country: { name: country === 'US' ? 'United States' : 'Canada', country_code: country },
});

const EMPIRE_STATE = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-73.9857, 40.7484] },
  properties: {
    feature_type: 'address',
    name: '350 5th Avenue',
    coordinates: { longitude: -73.9857, latitude: 40.7484 },
    context: context('US', { name: 'New York', region_code: 'NY' }),
  },
};

const CN_TOWER = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-79.3871, 43.6426] },
  properties: {
    feature_type: 'address',
    name: '290 Bremner Boulevard',
    coordinates: { longitude: -79.3871, latitude: 43.6426 },
    context: {
      ...context('CA', { name: 'Ontario', region_code: 'ON' }),
      address: { name: '290 Bremner Boulevard' },
    },
  },
};

/** A street with no postcode (Mapbox can answer one): not a complete address, left out. */
const NO_POSTCODE = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-73.99, 40.75] },
  properties: {
    feature_type: 'address',
    name: '1 Nowhere Street',
    context: { ...context('US', { name: 'New York', region_code: 'NY' }), postcode: undefined },
  },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function mapbox(reply: FakeGeocoderReply) {
  const fake = await startFakeGeocoder(() => reply);
  close = fake.close;
  const provider = createMapboxAddressProvider({
    accessToken: 'pk.test-token',
    baseUrl: fake.url,
    timezones: async () => TIMEZONES,
  });
  return { provider, requests: fake.requests };
}

describe('Mapbox address look-up', () => {
  it('asks geocoding v6 for addresses in the US and Canada with the token', async () => {
    const { provider, requests } = await mapbox({ body: { features: [] } });
    expect(await provider.search('350 5th Ave 10118')).toEqual([]);
    expect(requests).toHaveLength(1);
    const { method, url } = requests[0]!;
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/search/geocode/v6/forward');
    expect(url.searchParams.get('q')).toBe('350 5th Ave 10118');
    expect(url.searchParams.get('country')).toBe('us,ca');
    expect(url.searchParams.get('types')).toBe('address');
    expect(url.searchParams.get('access_token')).toBe('pk.test-token');
  });

  it('turns US and Canadian features into addresses with their reference timezone', async () => {
    const { provider } = await mapbox({
      body: { type: 'FeatureCollection', features: [EMPIRE_STATE, NO_POSTCODE, CN_TOWER] },
    });
    expect(await provider.search('350 5th')).toEqual([
      {
        location: '350 5th Avenue, New York, NY 10118, United States',
        zipcode: '10118',
        state: 'NY',
        city: 'New York',
        country: 'United States',
        county: 'New York County',
        timezone: 'Eastern Time (US & Canada)',
        lat: 40.7484,
        lng: -73.9857,
      },
      {
        location: '290 Bremner Boulevard, Toronto, ON M5V 3L9, Canada',
        zipcode: 'M5V 3L9',
        state: 'ON',
        city: 'Toronto',
        country: 'Canada',
        county: 'Toronto',
        timezone: 'Eastern Time (US & Canada)',
        lat: 43.6426,
        lng: -79.3871,
      },
    ]);
  });

  it('answers 503 when Mapbox refuses (e.g. a bad token)', async () => {
    const { provider } = await mapbox({ status: 401, body: { message: 'Not Authorized' } });
    const error = await provider.search('350 5th Ave 10118').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      status: 503,
      message: 'Address search is unavailable. Please try again.',
    });
  });
});
