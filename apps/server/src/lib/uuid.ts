const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string is a UUID in Postgres's text form. An id from a URL is checked first, so a
 * malformed one is answered like an unknown one instead of failing the uuid cast in the query.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
