/** Rows of a raw `db.execute` statement, whichever driver ran it (node-postgres and PGlite answer `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** json_agg comes back parsed from node-postgres and as text from some drivers. */
export function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
