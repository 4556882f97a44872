import { companies, publishers, roles, timezones, users } from '../schema/index.js';

/** Everything GET /api/user/me needs about a user, fetched with one joined select. */
export interface UserProfileRow {
  user: typeof users.$inferSelect;
  role: { id: string; alias: string; title: string };
  company: (typeof companies.$inferSelect & { timezoneName: string | null }) | null;
  publisher: { id: string; name: string } | null;
}

/** Columns for a select that joins users → roles, companies (→ timezones), publishers. */
export const profileColumns = {
  user: users,
  role: { id: roles.id, alias: roles.alias, title: roles.title },
  company: companies,
  timezoneName: timezones.name,
  publisher: { id: publishers.id, name: publishers.name },
};

export interface ProfileSelectRow {
  user: typeof users.$inferSelect | null;
  role: { id: string; alias: string; title: string } | null;
  company: typeof companies.$inferSelect | null;
  timezoneName: string | null;
  publisher: { id: string; name: string } | null;
}

export function toProfileRow(row: ProfileSelectRow): UserProfileRow | null {
  if (!row.user || !row.role) return null;
  return {
    user: row.user,
    role: row.role,
    company: row.company ? { ...row.company, timezoneName: row.timezoneName } : null,
    publisher: row.publisher,
  };
}
