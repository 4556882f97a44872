import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { publishers, users } from '../../db/schema/index.js';
import { createOrgMembersRepo } from '../org-members/index.js';

export type PublisherUsersRepo = ReturnType<typeof createPublisherUsersRepo>;

/** The publisher's users and invitations (the organisation-agnostic queries), its name, removal. */
export function createPublisherUsersRepo(db: Db) {
  return {
    ...createOrgMembersRepo(db, 'publisher'),

    async publisherName(publisherId: string) {
      const [row] = await db
        .select({ name: publishers.name })
        .from(publishers)
        .where(eq(publishers.id, publisherId))
        .limit(1);
      return row?.name ?? null;
    },

    /** Deletes the account; its sessions and tokens go with it (their rows cascade). */
    async deleteUser(userId: string) {
      await db.delete(users).where(eq(users.id, userId));
    },
  };
}
