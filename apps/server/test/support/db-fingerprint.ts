import type { TestApp } from './test-app';

/** Tables whose changes are expected side effects of any request (anonymous sessions, failed-login and sign-up counters). */
const VOLATILE_TABLES = new Set(['sessions', 'login_attempts', 'signup_attempts', 'audit_log']);

/** Columns any authenticated request may touch (the team list's "last active", once a minute). */
const VOLATILE_COLUMNS: Record<string, string[]> = { users: ['last_active_at'] };

/**
 * A digest of everything a rejected request must not change: every public table's row count and
 * content hash, except sessions and login counters, plus the audit events other than logins.
 */
export async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  return t.inspect(async (query) => {
    const tables = await query(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const out: Record<string, string> = {};
    for (const { table_name } of tables) {
      const name = String(table_name);
      if (VOLATILE_TABLES.has(name)) continue;
      const volatile = VOLATILE_COLUMNS[name];
      const text = volatile
        ? `(to_jsonb(t) - ARRAY[${volatile.map((c) => `'${c}'`).join(', ')}])::text`
        : 't::text';
      const [row] = await query(
        `SELECT count(*)::int AS n, coalesce(md5(string_agg(${text}, '|' ORDER BY ${text})), '') AS h
         FROM "${name}" t`,
      );
      out[name] = `${String(row?.n)}:${String(row?.h)}`;
    }
    const audit = await query(
      `SELECT event, count(*)::int AS n FROM audit_log
       WHERE event NOT ILIKE '%login%' GROUP BY event ORDER BY event`,
    );
    out.audit_log = audit.map((r) => `${String(r.event)}=${String(r.n)}`).join(',');
    return out;
  });
}
