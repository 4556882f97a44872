import type { Db } from '../../db/client.js';
import { timezones } from '../../db/schema/index.js';

/** The timezones reference list that suggestions name their zone from. */
export function createAddressRepo(db: Db) {
  return {
    timezones: () => db.select({ name: timezones.name, iana: timezones.iana }).from(timezones),
  };
}
