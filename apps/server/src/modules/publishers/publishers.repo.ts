import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { publishers, users } from '../../db/schema/index.js';
import { isFinishedUploadOf } from '../files/index.js';

export type PublishersRepo = ReturnType<typeof createPublishersRepo>;
export type PublisherRow = typeof publishers.$inferSelect;
export type PublisherValues = Partial<
  Pick<
    typeof publishers.$inferInsert,
    'name' | 'logo' | 'description' | 'website' | 'supportEmail' | 'markupPercent'
  >
>;

/** Codes are matched case-insensitively: they are typed from printed links. */
const byCode = (code: string) => sql`lower(${publishers.code}) = ${code.toLowerCase()}`;

export function createPublishersRepo(db: Db) {
  return {
    async nameByCode(code: string): Promise<string | null> {
      const [row] = await db
        .select({ name: publishers.name })
        .from(publishers)
        .where(byCode(code))
        .limit(1);
      return row?.name ?? null;
    },

    async idByCode(code: string): Promise<string | null> {
      const [row] = await db
        .select({ id: publishers.id })
        .from(publishers)
        .where(byCode(code))
        .limit(1);
      return row?.id ?? null;
    },

    async findById(publisherId: string): Promise<PublisherRow | null> {
      const [row] = await db
        .select()
        .from(publishers)
        .where(eq(publishers.id, publisherId))
        .limit(1);
      return row ?? null;
    },

    /** A finished 'publisher-logo' upload of this user; anything else is not theirs to use. */
    isLogoUploadedBy: (userId: string, fileUrl: string) =>
      isFinishedUploadOf(db, userId, fileUrl, 'publisher-logo'),

    /**
     * Creates the publisher and links the admin in one transaction; null (nothing written) when
     * the admin already has a publisher, which also settles two concurrent creates. A taken code
     * fails with the unique violation (the caller draws another).
     */
    async createForAdmin(
      adminId: string,
      values: PublisherValues & { name: string; code: string },
    ): Promise<string | null> {
      return db.transaction(async (tx) => {
        // The row lock makes a second concurrent create wait, then see the first one's publisher.
        const [admin] = await tx
          .select({ publisherId: users.publisherId })
          .from(users)
          .where(eq(users.id, adminId))
          .for('update');
        if (!admin || admin.publisherId) return null;
        const [row] = await tx
          .insert(publishers)
          .values({ ...values, createdById: adminId })
          .returning({ id: publishers.id });
        await tx
          .update(users)
          .set({ publisherId: row!.id, updatedAt: new Date() })
          .where(eq(users.id, adminId));
        return row!.id;
      });
    },

    async update(publisherId: string, values: PublisherValues) {
      await db
        .update(publishers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(publishers.id, publisherId));
    },

    async memberIds(publisherId: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.publisherId, publisherId));
      return rows.map((r) => r.id);
    },
  };
}
