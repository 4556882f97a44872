import { dateTimeFormat, type Address } from '@fieldbot/shared';
import { find as findTimezones } from 'geo-tz';

/** Address suggestions for free text (spec §5: US and Canada, addresses only). */
export interface AddressProvider {
  readonly name: string;
  search(query: string): Promise<Address[]>;
}

/** A row of the timezones reference list. */
export interface ReferenceTimezone {
  name: string;
  iana: string;
}

const firstWord = (text: string) => text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';

/**
 * The reference-list name for an IANA zone: the same zone if listed, else the entry whose name
 * starts with the same word as the zone's long name ('Eastern Standard Time' → 'Eastern Time …'),
 * as spec §5 matches "by the first word of the timezone name". Null when nothing matches.
 */
export function matchTimezone(iana: string, list: readonly ReferenceTimezone[]): string | null {
  const exact = list.find((tz) => tz.iana === iana);
  if (exact) return exact.name;
  // Look-ups cover the US and Canada only; elsewhere a first word ('Central European …') misleads.
  if (!iana.startsWith('America/')) return null;
  let longName: string | undefined;
  try {
    longName = dateTimeFormat('en-US', { timeZone: iana, timeZoneName: 'long' })
      .formatToParts(new Date(Date.UTC(2026, 0, 15)))
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return null;
  }
  if (!longName) return null;
  const word = firstWord(longName);
  return list.find((tz) => firstWord(tz.name) === word)?.name ?? null;
}

/** A geocoder's answer broken into the parts an Address needs; any may be missing. */
export interface AddressParts {
  street?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  country?: string;
  county: string | null;
  lat?: number;
  lng?: number;
}

/**
 * The Address of a geocoder's parts, its time zone the reference one at its point (or the IANA
 * name when the reference list has none); null when a part an address needs is missing.
 */
export function toAddress(parts: AddressParts, list: readonly ReferenceTimezone[]): Address | null {
  const { street, city, state, zipcode, country, county, lat, lng } = parts;
  if (!country || !street || !city || !state || !zipcode) return null;
  if (lat === undefined || lng === undefined) return null;
  const iana = findTimezones(lat, lng)[0];
  return {
    location: `${street}, ${city}, ${state} ${zipcode}, ${country}`,
    zipcode,
    state,
    city,
    country,
    county,
    timezone: iana ? (matchTimezone(iana, list) ?? iana) : null,
    lat,
    lng,
  };
}
