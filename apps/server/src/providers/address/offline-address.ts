import type { Address } from '@fieldbot/shared';
import { find as findTimezones } from 'geo-tz';
import zipcodes from 'zipcodes';
import { matchTimezone, type AddressProvider, type ReferenceTimezone } from './address-provider.js';

// Canada Post's first letters; D, F, I, O, Q, U never appear, W and Z not in the first place.
const CA_POSTAL = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)?\b/i;
const US_ZIP = /\b(\d{5})(?:-\d{4})?\b/;

const PROVINCES: Record<string, string> = {
  Alberta: 'AB',
  'British Columbia': 'BC',
  Manitoba: 'MB',
  'New Brunswick': 'NB',
  'Newfoundland and Labrador': 'NL',
  'Northwest Territories': 'NT',
  'Nova Scotia': 'NS',
  Nunavut: 'NU',
  Ontario: 'ON',
  'Prince Edward Island': 'PE',
  Quebec: 'QC',
  Saskatchewan: 'SK',
  Yukon: 'YT',
};

interface PostalMatch {
  code: string;
  /** What zipcodes.lookup knows: the ZIP, or the FSA (first three characters) in Canada. */
  key: string;
  index: number;
}

/** The last ZIP or postal code in the text: street numbers come first, the code last. */
function findPostalCode(text: string): PostalMatch | null {
  const matches: PostalMatch[] = [];
  for (const m of text.matchAll(new RegExp(US_ZIP, 'g'))) {
    matches.push({ code: m[1]!, key: m[1]!, index: m.index });
  }
  for (const m of text.matchAll(new RegExp(CA_POSTAL, 'gi'))) {
    const fsa = m[1]!.toUpperCase();
    matches.push({ code: m[2] ? `${fsa} ${m[2].toUpperCase()}` : fsa, key: fsa, index: m.index });
  }
  return matches.sort((a, b) => b.index - a.index)[0] ?? null;
}

/** zipcodes names Canadian FSAs by area, e.g. 'Downtown Toronto (cn Tower / …)'. */
const cleanCity = (city: string) => city.replace(/\s*\(.*\)\s*$/, '').trim();

/**
 * Offline look-up: the street line as typed, with city, state, country and coordinates of its ZIP
 * (US) or forward sortation area (Canada) from the `zipcodes` data set, and the zone from geo-tz.
 * Coordinates are the code's centre, not the building's: good enough for the company's timezone.
 */
export function createOfflineAddressProvider(deps: {
  timezones(): Promise<readonly ReferenceTimezone[]>;
}): AddressProvider {
  return {
    name: 'offline',
    async search(query) {
      const postal = findPostalCode(query);
      if (!postal) return [];
      const place = zipcodes.lookup(postal.key);
      if (!place) return [];
      const street = query.slice(0, postal.index).split(',')[0]!.trim();
      if (!street) return [];
      const canada = place.country === 'Canada';
      const country = canada ? 'Canada' : 'United States';
      const state = canada ? (PROVINCES[place.state] ?? place.state) : place.state;
      const city = cleanCity(place.city);
      const iana = findTimezones(place.latitude, place.longitude)[0];
      const address: Address = {
        location: `${street}, ${city}, ${state} ${postal.code}, ${country}`,
        zipcode: postal.code,
        state,
        city,
        country,
        county: null,
        timezone: iana ? (matchTimezone(iana, await deps.timezones()) ?? iana) : null,
        lat: place.latitude,
        lng: place.longitude,
      };
      return [address];
    },
  };
}
