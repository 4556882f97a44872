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
      prepared = build().prepare(`fieldbot_${name}`);
      statements.set(name, prepared);
    }
    return prepared;
  };
}
