import pg from 'pg';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

type QueryFn = (config: unknown, values?: unknown, ...rest: unknown[]) => unknown;

/**
 * Every statement node-postgres sends while `run` runs, in this process (the server under test
 * runs in the bench's process, so its repositories' SQL is captured as the routes build it,
 * whatever their API). Drizzle passes `{ text, values }` or `(text, values)`; both are kept.
 */
export async function captureQueries<T>(
  run: () => Promise<T>,
): Promise<{ result: T; queries: CapturedQuery[] }> {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  const queries: CapturedQuery[] = [];
  proto.query = function (this: pg.Client, config, values, ...rest) {
    const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : []);
    if (typeof config === 'string') queries.push({ sql: config, params: list(values) });
    else if (config && typeof config === 'object' && 'text' in config) {
      const c = config as { text: string; values?: unknown };
      queries.push({ sql: c.text, params: list(c.values ?? values) });
    }
    return original.call(this, config, values, ...rest);
  };
  try {
    return { result: await run(), queries };
  } finally {
    proto.query = original;
  }
}
