import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploadedFiles } from '../../db/schema/index.js';

export type FilesRepo = ReturnType<typeof createFilesRepo>;

/** What one user, or one company, started and received in a window. */
export interface UploadUsage {
  pending: number;
  bytes: number;
}

export function createFilesRepo(db: Db) {
  const usage = async (owner: SQL, since: Date): Promise<UploadUsage> => {
    const [row] = await db
      .select({
        pending: sql<string>`count(*) filter (where ${uploadedFiles.status} <> 'uploaded')`,
        bytes: sql<string>`coalesce(sum(${uploadedFiles.size}), 0)`,
      })
      .from(uploadedFiles)
      // uploaded_files_user_idx / _company_idx: (owner, created_at).
      .where(and(owner, gt(uploadedFiles.createdAt, since)));
    return { pending: Number(row?.pending ?? 0), bytes: Number(row?.bytes ?? 0) };
  };

  return {
    async record(values: typeof uploadedFiles.$inferInsert) {
      await db.insert(uploadedFiles).values(values);
    },

    userUsage: (userId: string, since: Date) => usage(eq(uploadedFiles.userId, userId), since),
    companyUsage: (companyId: string, since: Date) =>
      usage(eq(uploadedFiles.companyId, companyId), since),

    async statusOf(path: string) {
      const [row] = await db
        .select({ status: uploadedFiles.status })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.path, path))
        .limit(1);
      return row?.status ?? null;
    },

    /**
     * Takes a pending upload for receiving, atomically: of two PUTs to one URL only one gets the
     * row, and a finished upload is never taken again.
     */
    async claimPending(path: string) {
      const [row] = await db
        .update(uploadedFiles)
        .set({ status: 'receiving' })
        .where(and(eq(uploadedFiles.path, path), eq(uploadedFiles.status, 'pending')))
        .returning({
          id: uploadedFiles.id,
          userId: uploadedFiles.userId,
          companyId: uploadedFiles.companyId,
          createdAt: uploadedFiles.createdAt,
        });
      return row ?? null;
    },

    async finish(id: string, size: number, contentType: string) {
      await db
        .update(uploadedFiles)
        .set({ status: 'uploaded', size, contentType, uploadedAt: sql`now()` })
        .where(eq(uploadedFiles.id, id));
    },

    /** A refused or broken upload: the URL may be tried again while it is valid. */
    async release(id: string) {
      await db
        .update(uploadedFiles)
        .set({ status: 'pending' })
        .where(and(eq(uploadedFiles.id, id), inArray(uploadedFiles.status, ['receiving'])));
    },
  };
}
