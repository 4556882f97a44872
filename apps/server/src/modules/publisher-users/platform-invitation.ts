import { INVITATION_TTL_DAYS, MESSAGES, ROLE, emailSchema } from '@fieldbot/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invitations, users } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/tokens.js';

const DAY_MS = 24 * 60 * 60_000;

/** Why the platform cannot invite this address (the CLI prints it and exits non-zero). */
export class PlatformInviteError extends Error {
  override name = 'PlatformInviteError';
}

/**
 * Platform onboarding of a new publisher: a Publisher Admin invitation without a
 * publisher. Whoever signs up through the link creates the publisher on Publisher Information.
 * Returns the sign-up link (the web's /signup/{token} page checks it with
 * validate-publisher-invitation-token).
 */
export async function invitePublisherAdmin(
  db: Db,
  input: { email: string; appUrl: string; now?: Date },
): Promise<{ link: string; expiresAt: Date }> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw new PlatformInviteError(MESSAGES.invalidEmail);
  const email = parsed.data.toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (taken) throw new PlatformInviteError(MESSAGES.emailTaken);
  const at = input.now ?? new Date();
  const token = newToken();
  const expiresAt = new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS);
  await db.insert(invitations).values({
    tokenHash: hashToken(token),
    email,
    roleAlias: ROLE.PUBLISHER_ADMIN,
    expiresAt,
    sentAt: at,
    createdAt: at,
  });
  return { link: `${input.appUrl}/signup/${token}`, expiresAt };
}
