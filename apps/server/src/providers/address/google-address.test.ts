import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeGeocoder,
  type FakeGeocoderRequest,
  type FakeGeocoderReply,
} from '../../../test/support/fake-geocoder.js';
import { TIMEZONES } from '../../lib/reference-data.js';
import { DomainError } from '../../lib/errors.js';
import { createGoogleAddressProvider } from './google-address.js';

const component = (longText: string, shortText: string, ...types: string[]) => ({
  longText,
  shortText,
  types,
});

const PLACES: Record<string, unknown> = {
  'place-nyc': {
    location: { latitude: 40.7484, longitude: -73.9857 },
    addressComponents: [
      component('350', '350', 'street_number'),
      component('5th Avenue', '5th Ave', 'route'),
      component('New York', 'New York', 'locality', 'political'),
      component('New York County', 'New York County', 'administrative_area_level_2'),
      component('New York', 'NY', 'administrative_area_level_1', 'political'),
      component('United States', 'US', 'country', 'political'),
      component('10118', '10118', 'postal_code'),
    ],
  },
  'place-vancouver': {
    location: { latitude: 49.2827, longitude: -123.1207 },
    addressComponents: [
      component('800', '800', 'street_number'),
      component('Robson Street', 'Robson St', 'route'),
      component('Vancouver', 'Vancouver', 'locality'),
      component('British Columbia', 'BC', 'administrative_area_level_1'),
      component('Canada', 'CA', 'country'),
      component('V6Z 2E7', 'V6Z 2E7', 'postal_code'),
    ],
  },
  // A route without a house number is not an address: left out.
  'place-route': {
    location: { latitude: 40.75, longitude: -73.99 },
    addressComponents: [
      component('5th Avenue', '5th Ave', 'route'),
      component('New York', 'New York', 'locality'),
      component('New York', 'NY', 'administrative_area_level_1'),
      component('United States', 'US', 'country'),
      component('10001', '10001', 'postal_code'),
    ],
  },
};

function places(request: FakeGeocoderRequest): FakeGeocoderReply {
  if (request.url.pathname === '/v1/places:autocomplete') {
    return {
      body: {
        suggestions: ['place-nyc', 'place-route', 'place-vancouver'].map((placeId) => ({
          placePrediction: { placeId, text: { text: placeId } },
        })),
      },
    };
  }
  const id = decodeURIComponent(request.url.pathname.replace('/v1/places/', ''));
  return PLACES[id] ? { body: PLACES[id] } : { status: 404, body: { error: 'NOT_FOUND' } };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function google(answer: (request: FakeGeocoderRequest) => FakeGeocoderReply) {
  const fake = await startFakeGeocoder(answer);
  close = fake.close;
  const provider = createGoogleAddressProvider({
    apiKey: 'AIza-test-key',
    baseUrl: fake.url,
    timezones: async () => TIMEZONES,
  });
  return { provider, requests: fake.requests };
}

describe('Google Places address look-up', () => {
  it('asks autocomplete for US and Canadian street addresses, then each place’s details', async () => {
    const { provider, requests } = await google(places);
    await provider.search('350 5th Ave');

    const [autocomplete, ...details] = requests;
    expect(autocomplete).toMatchObject({ method: 'POST' });
    expect(autocomplete!.url.pathname).toBe('/v1/places:autocomplete');
    expect(autocomplete!.headers['x-goog-api-key']).toBe('AIza-test-key');
    expect(autocomplete!.body).toMatchObject({
      input: '350 5th Ave',
      includedRegionCodes: ['us', 'ca'],
      includedPrimaryTypes: expect.arrayContaining(['street_address']),
    });
    expect(details.map((r) => r.url.pathname).sort()).toEqual([
      '/v1/places/place-nyc',
      '/v1/places/place-route',
      '/v1/places/place-vancouver',
    ]);
    for (const request of details) {
      expect(request.method).toBe('GET');
      expect(request.headers['x-goog-api-key']).toBe('AIza-test-key');
      expect(request.headers['x-goog-fieldmask']).toBe('addressComponents,location');
    }
  });

  it('turns the details into addresses with their reference timezone', async () => {
    const { provider } = await google(places);
    expect(await provider.search('350 5th Ave')).toEqual([
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
        location: '800 Robson Street, Vancouver, BC V6Z 2E7, Canada',
        zipcode: 'V6Z 2E7',
        state: 'BC',
        city: 'Vancouver',
        country: 'Canada',
        county: null,
        timezone: 'Pacific Time (US & Canada)',
        lat: 49.2827,
        lng: -123.1207,
      },
    ]);
  });

  it('answers 503 when Google refuses (e.g. a bad key)', async () => {
    const { provider } = await google(() => ({
      status: 403,
      body: { error: { status: 'PERMISSION_DENIED' } },
    }));
    const error = await provider.search('350 5th Ave').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 503 });
  });
});
