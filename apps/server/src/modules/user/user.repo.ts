import { TransactionRollbackError, and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  emailVerificationTokens,
  invitations,
  loginAttempts,
  passwordResetTokens,
  permissions,
  publishers,
  rolePermissions,
  roles,
  signupAttempts,
  timezones,
  uploadedFiles,
  users,
} from '../../db/schema/index.js';
import {
  profileColumns,
  toProfileRow,
  type UserProfileRow,
} from '../../db/queries/user-profile.js';
import { insertAuditEntry, type AuditEntryInput } from '../audit-log/index.js';
import type { LoginAttemptStore } from './rate-limit.js';
import type { SignupAttemptStore } from './signup-limit.js';

export type AuditEvent =
  'login' | 'login_failed' | 'logout' | 'password_changed' | 'password_reset' | 'role_changed';

export type { UserProfileRow } from '../../db/queries/user-profile.js';

export type UserRepo = ReturnType<typeof createUserRepo>;

/** What a password check needs of an account: the hash, and the words the password may not contain. */
const credentialColumns = {
  id: users.id,
  passwordHash: users.passwordHash,
  email: users.email,
  name: users.name,
};

/** A reset token that is unused and not expired. */
function liveResetToken(tokenHash: string, now: Date) {
  return and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gte(passwordResetTokens.expiresAt, now),
  );
}

export function createUserRepo(db: Db) {
  const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

  return {
    async findCredentialsByEmail(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          emailVerifiedAt: users.emailVerifiedAt,
        })
        .from(users)
        .where(byEmail(email))
        .limit(1);
      return row ?? null;
    },

    async findCredentialsById(id: string) {
      const [row] = await db.select(credentialColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async findIdByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(byEmail(email))
        .limit(1);
      return row ?? null;
    },

    async loadProfile(id: string): Promise<UserProfileRow | null> {
      const [row] = await db
        .select(profileColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(timezones, eq(timezones.id, companies.timezoneId))
        .leftJoin(publishers, eq(publishers.id, users.publisherId))
        .where(eq(users.id, id))
        .limit(1);
      return row ? toProfileRow(row) : null;
    },

    async permissionsOfRole(roleId: string) {
      return db
        .select({ name: permissions.name, module: permissions.module })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(rolePermissions.roleId, roleId))
        .orderBy(permissions.name);
    },

    async roleIdByAlias(alias: string) {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.alias, alias));
      return row?.id ?? null;
    },

    async createUser(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning({ id: users.id });
      return row!.id;
    },

    async updateUser(id: string, values: Partial<typeof users.$inferInsert>) {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    async insertVerificationToken(userId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(emailVerificationTokens).values({ userId, tokenHash, expiresAt });
    },

    /** Marks the token used and the e-mail verified; returns false for unknown/used/expired tokens. */
    async consumeVerificationToken(tokenHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(emailVerificationTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailVerificationTokens.tokenHash, tokenHash),
              isNull(emailVerificationTokens.usedAt),
              gte(emailVerificationTokens.expiresAt, now),
            ),
          )
          .returning({ userId: emailVerificationTokens.userId });
        if (!row) return false;
        await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
          .where(eq(users.id, row.userId));
        return true;
      });
    },

    async insertResetToken(userId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    },

    /** The account a live reset token belongs to, to check the new password against it. */
    async findResetTokenOwner(tokenHash: string, now: Date) {
      const [row] = await db
        .select(credentialColumns)
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(liveResetToken(tokenHash, now))
        .limit(1);
      return row ?? null;
    },

    /** Sets the new password if the token is live; returns the user id, or null. */
    async consumeResetToken(tokenHash: string, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(liveResetToken(tokenHash, now))
          .returning({ userId: passwordResetTokens.userId });
        if (!row) return null;
        // Any other outstanding reset links stop working too.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)),
          );
        await tx
          .update(users)
          // Following a reset link proves control of the mailbox.
          .set({
            passwordHash,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
            updatedAt: now,
          })
          .where(eq(users.id, row.userId));
        return row.userId;
      });
    },

    async findLiveInvitation(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gte(invitations.expiresAt, now),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Creates the invited user and closes the invitation in one transaction. */
    async acceptInvitation(invitationId: string, user: typeof users.$inferInsert, now: Date) {
      return db.transaction(async (tx) => {
        const [closed] = await tx
          .update(invitations)
          .set({ acceptedAt: now })
          .where(
            and(
              eq(invitations.id, invitationId),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          )
          .returning({ id: invitations.id });
        if (!closed) return null;
        const [row] = await tx.insert(users).values(user).returning({ id: users.id });
        return row!.id;
      });
    },

    /**
     * Closes the invitation and gives the passwordless account of its company at its address (a
     * technician the CRM sync created) a password; role, company and crm_user_id stay. Null when
     * the invitation was used meanwhile or no such account exists.
     */
    async claimInvitedAccount(
      invitation: { id: string; companyId: string | null; email: string },
      account: { passwordHash: string; emailVerifiedAt: Date },
      now: Date,
    ) {
      if (!invitation.companyId) return null;
      const companyId = invitation.companyId;
      try {
        return await db.transaction(async (tx) => {
          const [closed] = await tx
            .update(invitations)
            .set({ acceptedAt: now })
            .where(
              and(
                eq(invitations.id, invitation.id),
                isNull(invitations.acceptedAt),
                isNull(invitations.revokedAt),
              ),
            )
            .returning({ id: invitations.id });
          if (!closed) return null;
          const [claimed] = await tx
            .update(users)
            .set({ ...account, updatedAt: now })
            .where(
              and(
                byEmail(invitation.email),
                eq(users.companyId, companyId),
                eq(users.passwordHash, ''),
              ),
            )
            .returning({ id: users.id });
          // No such account (it has a password by now): the invitation stays open.
          if (!claimed) tx.rollback();
          return claimed!.id;
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return null;
        throw error;
      }
    },

    async isFileOwnedBy(userId: string, fileUrl: string) {
      const [row] = await db
        .select({ id: uploadedFiles.id })
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.userId, userId), eq(uploadedFiles.fileUrl, fileUrl)))
        .limit(1);
      return Boolean(row);
    },

    /** The actor's e-mail and tenant come from their user row (see insertAuditEntry). */
    async audit(
      event: AuditEvent,
      userId: string | null,
      ip: string | null,
      meta: Record<string, unknown> = {},
      extra: Pick<AuditEntryInput, 'userAgent' | 'actorEmail'> = {},
    ) {
      await insertAuditEntry(db, {
        event,
        userId,
        ip,
        meta,
        ...extra,
        target: userId ? { type: 'user', id: userId } : null,
      });
    },
  };
}

export function createLoginAttemptStore(db: Db): LoginAttemptStore {
  return {
    async failuresSince(email, ip, since) {
      // Two index range scans (email, ip, at) and (ip, at); emails are stored lower-cased.
      const [account, perIp] = await Promise.all([
        db
          .select({ at: loginAttempts.at })
          .from(loginAttempts)
          .where(and(eq(loginAttempts.email, email), gte(loginAttempts.at, since.account))),
        db
          .select({ at: loginAttempts.at })
          .from(loginAttempts)
          .where(and(eq(loginAttempts.ip, ip), gte(loginAttempts.at, since.ip))),
      ]);
      return {
        account: account.map((r) => r.at.getTime()),
        ip: perIp.map((r) => r.at.getTime()),
      };
    },
    async recordFailure(email, ip, at) {
      await db.insert(loginAttempts).values({ email, ip, at });
    },
    async clearAccount(email) {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
    },
  };
}

export function createSignupAttemptStore(db: Db): SignupAttemptStore {
  return {
    async attemptsSince(ip, since) {
      const rows = await db
        .select({ at: signupAttempts.at })
        .from(signupAttempts)
        .where(and(eq(signupAttempts.ip, ip), gte(signupAttempts.at, since)));
      return rows.map((r) => r.at.getTime());
    },
    async record(ip, at, forgetBefore) {
      await db.insert(signupAttempts).values({ ip, at });
      // Pruned here rather than by a job: the table only ever holds one window of attempts.
      await db.delete(signupAttempts).where(lt(signupAttempts.at, forgetBefore));
    },
  };
}
