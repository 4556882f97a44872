import type { UploadFolder } from '@fieldbot/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploadedFiles } from '../../db/schema/index.js';

/**
 * Whether `fileUrl` is a finished upload of this user into `folder`: a form may only point at a
 * file its user uploaded for that purpose (a company or publisher logo).
 */
export async function isFinishedUploadOf(
  db: Db,
  userId: string,
  fileUrl: string,
  folder: UploadFolder,
): Promise<boolean> {
  const [row] = await db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.userId, userId),
        eq(uploadedFiles.fileUrl, fileUrl),
        eq(uploadedFiles.folder, folder),
        eq(uploadedFiles.status, 'uploaded'),
      ),
    )
    .limit(1);
  return Boolean(row);
}
