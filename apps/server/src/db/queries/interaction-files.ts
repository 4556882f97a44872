import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { rowsOf } from '../raw-rows.js';

/** An interaction and the storage objects it points at (audio, chunks, a downloaded call). */
export interface InteractionFiles {
  id: string;
  keys: string[];
}

/** A text[] that some drivers hand back as its literal, `{a,b}`. */
function textArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return [...value];
  if (!value || value === '{}') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((v) => v.replace(/^"|"$/g, ''))
    .filter(Boolean);
}

/**
 * A page of interactions (`where` over alias `i`, ordered by `orderBy`) with every storage key they
 * point at: the merged audio, the uploaded chunks of a field recording, a call kept as
 * `storage:<key>`. Retention and privacy deletions both read their work this way.
 */
export async function interactionFilesPage(
  db: Pick<Db, 'execute'>,
  where: SQL,
  limit: number,
  orderBy: SQL = sql`i.id`,
): Promise<InteractionFiles[]> {
  const rows = rowsOf<{
    id: string;
    audio_key: string | null;
    source_keys: string[] | string | null;
    source_url: string | null;
  }>(
    await db.execute(sql`select i.id, a.storage_key as audio_key, i.source_keys, i.source_url
      from interactions i
      left join audio_assets a on a.interaction_id = i.id
      where ${where}
      order by ${orderBy}
      limit ${limit}`),
  );
  return rows.map((row) => {
    const keys = textArray(row.source_keys);
    if (row.audio_key) keys.push(row.audio_key);
    if (row.source_url?.startsWith('storage:')) keys.push(row.source_url.slice('storage:'.length));
    return { id: row.id, keys: [...new Set(keys)] };
  });
}

/** Which of `keys` the company uploaded itself (the chunks of its field recordings). */
export async function keysUploadedBy(
  db: Pick<Db, 'execute'>,
  companyId: string,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = rowsOf<{ path: string }>(
    await db.execute(sql`select path from uploaded_files
      where company_id = ${companyId} and path = any(${sql.param(keys)}::text[])`),
  );
  return new Set(rows.map((r) => r.path));
}

/**
 * The keys of a page the interactions own, so deleting them harms nobody else: each one's merged
 * audio (`audio/<company>/<id>.mp3`), its downloaded call (`calls/<company>/<id>.<ext>`) and chunks
 * its company uploaded. Objects they merely point at (a clip shared by demo interactions of several
 * companies, a file a CRM placed in storage) may be read by others and are left in place.
 */
export async function ownedKeys(
  db: Pick<Db, 'execute'>,
  companyId: string,
  page: InteractionFiles[],
): Promise<string[]> {
  const uploaded = await keysUploadedBy(
    db,
    companyId,
    page.flatMap((item) => item.keys),
  );
  return page.flatMap((item) =>
    item.keys.filter(
      (key) =>
        key.startsWith(`audio/${companyId}/${item.id}.`) ||
        key.startsWith(`calls/${companyId}/${item.id}.`) ||
        uploaded.has(key),
    ),
  );
}
