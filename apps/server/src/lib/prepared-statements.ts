import { createHash } from 'node:crypto';

/** PostgreSQL keeps the first 63 bytes of a prepared statement's name (NAMEDATALEN − 1). */
const MAX_NAME_BYTES = 63;

/**
 * The statement's name on the server: `fieldbot_<name>`, or, when that is longer than PostgreSQL
 * keeps, its start and a hash of the whole. Cut silently, two shapes that differ only past the
 * 63rd byte would share one name, and the second would fail with "already exists".
 */
export function statementName(name: string): string {
  const full = `fieldbot_${name}`;
  if (Buffer.byteLength(full) <= MAX_NAME_BYTES) return full;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `${full.slice(0, MAX_NAME_BYTES - hash.length - 1)}_${hash}`;
}

/**
 * Statements prepared once per query shape: the values travel as parameters (sql.placeholder),
 * so Drizzle builds the SQL text once per process and PostgreSQL plans it once per connection
 * instead of on every request. A shape is what changes the text (a filter present or not, a sort);
 * its name must say all of it, since one name is one statement.
 */
export function createPreparedStatements() {
  const statements = new Map<string, unknown>();
  return function statement<P>(name: string, build: () => { prepare(name: string): P }): P {
    let prepared = statements.get(name) as P | undefined;
    if (!prepared) {
      prepared = build().prepare(statementName(name));
      statements.set(name, prepared);
    }
    return prepared;
  };
}
