import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/** Spec §3 "Address": one suggestion of the company form's address look-up. */
export const addressSchema = z.object({
  location: z.string(),
  zipcode: z.string(),
  state: z.string(),
  city: z.string(),
  country: z.string(),
  county: z.string().nullable(),
  /** A name from the timezones reference list when one matches (spec §5), else the zone's own name. */
  timezone: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});

export const ADDRESS_QUERY_MAX = 200;

/** GET /api/address/search?q=… — a free-text street line with a ZIP or postal code. */
export const addressSearchQuerySchema = z.object({
  q: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(ADDRESS_QUERY_MAX, { error: MESSAGES.invalidValue }),
});

export const addressSearchResponseSchema = z.object({ data: z.array(addressSchema) });

export type Address = z.infer<typeof addressSchema>;
export type AddressSearchResponse = z.infer<typeof addressSearchResponseSchema>;
