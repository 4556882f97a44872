import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ownedKeys, type InteractionFiles } from '../../db/queries/interaction-files.js';
import type { StorageProvider } from '../../providers/storage/index.js';

/**
 * Removes the objects the page's interactions own (never a clip shared with others), then the uploaded_files rows that issued them. Deleting an absent object is
 * no error, so a batch repeated after a crash removes nothing twice and fails on nothing.
 */
export async function deleteStorageObjects(
  db: Db,
  storage: StorageProvider,
  companyId: string,
  page: InteractionFiles[],
): Promise<string[]> {
  const keys = await ownedKeys(db, companyId, page);
  await deleteUploadedObjects(db, storage, keys);
  return keys;
}

/** Removes objects the company owns outright, then the uploaded_files rows that issued them. */
export async function deleteUploadedObjects(
  db: Db,
  storage: StorageProvider,
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  for (const key of keys) await storage.delete(key);
  await db.execute(sql`delete from uploaded_files where path = any(${sql.param(keys)}::text[])`);
}
