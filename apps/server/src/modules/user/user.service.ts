import {
  AUTH_MESSAGES,
  MESSAGES,
  ROLE,
  type AcceptInviteBody,
  type ChangePasswordBody,
  type Company,
  type LoginBody,
  type Module,
  type ResetPasswordBody,
  type SignupBody,
  type UpdateProfileBody,
  type User,
} from '@fieldbot/shared';
import { DomainError, fieldError, FieldValidationError } from '../../lib/errors.js';
import { hashToken, hmacHex, newToken } from '../../lib/tokens.js';
import type { MailMessage } from '../../providers/mail/index.js';
import type { SessionService } from '../session/session.service.js';
import {
  burnPasswordCheck,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from '../../lib/password.js';
import type { LoginRateLimiter } from './rate-limit.js';
import type { UserProfileRow, UserRepo } from './user.repo.js';

export const VERIFICATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;
const PERMISSION_CACHE_MS = 30_000;

export interface UserServiceDeps {
  repo: UserRepo;
  limiter: LoginRateLimiter;
  sessions: Pick<SessionService, 'destroyAllForUser' | 'forgetUser'>;
  sendMail(message: MailMessage): Promise<void>;
  /** True when `url` is a file URL our storage issued (ownership is checked separately). */
  isOurFileUrl(url: string): boolean;
  appUrl: string;
  intercomSecret: string;
  now?: () => number;
}

export type UserService = ReturnType<typeof createUserService>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkMail(to: string, subject: string, intro: string, label: string, url: string) {
  return {
    to,
    subject,
    text: `${intro}\n\n${label}: ${url}\n\nIf you did not ask for this, you can ignore this e-mail.`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>` +
      '<p>If you did not ask for this, you can ignore this e-mail.</p>',
  } satisfies MailMessage;
}

export function toCompany(row: NonNullable<UserProfileRow['company']>): Company {
  return {
    id: row.id,
    name: row.name,
    street_address: row.streetAddress,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    country: row.country,
    latLng: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    timezones:
      row.timezoneId !== null && row.timezoneName !== null
        ? { id: row.timezoneId, name: row.timezoneName }
        : null,
    logo: row.logo,
    description: row.description,
    industry_id: row.industryId,
    type_id: row.typeId,
    trades: row.trades,
    field_team_process: row.fieldTeamProcess,
    phone_process: row.phoneProcess,
    soft_capacity: row.softCapacity,
    hard_capacity: row.hardCapacity,
    is_billing_connected: row.isBillingConnected,
    is_crm_connected: row.isCrmConnected,
    is_payment_due: row.isPaymentDue,
  };
}

export function createUserService(deps: UserServiceDeps) {
  const { repo, limiter, appUrl, intercomSecret } = deps;
  const now = deps.now ?? (() => Date.now());
  const permissionCache = new Map<string, { at: number; list: User['permissions'] }>();

  async function permissionsOf(roleId: string): Promise<User['permissions']> {
    const cached = permissionCache.get(roleId);
    if (cached && now() - cached.at < PERMISSION_CACHE_MS) return cached.list;
    const rows = await repo.permissionsOfRole(roleId);
    const list = rows.map((r) => ({ name: r.name, module: r.module as Module }));
    permissionCache.set(roleId, { at: now(), list });
    return list;
  }

  function checkNewPassword(password: string, field = 'password') {
    const problem = passwordProblem(password);
    if (problem === 'policy') throw fieldError(field, MESSAGES.invalidPassword);
    if (problem === 'breached') throw fieldError(field, AUTH_MESSAGES.breachedPassword);
  }

  async function sendVerification(userId: string, email: string) {
    const token = newToken();
    await repo.insertVerificationToken(
      userId,
      hashToken(token),
      new Date(now() + VERIFICATION_TTL_MS),
    );
    await deps.sendMail(
      linkMail(
        email,
        'Verify your email address',
        'Welcome to Fieldbot. Please confirm your email address to activate your account.',
        'Verify email address',
        `${appUrl}/verify/${token}`,
      ),
    );
  }

  /** The spec §3 user from a profile row; only the role's permissions may need a query. */
  async function userFromProfile(row: UserProfileRow): Promise<User> {
    const { user } = row;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      phone: user.phone,
      crm_user_id: user.crmUserId,
      role: { alias: row.role.alias, title: row.role.title },
      display_mode: user.displayMode === 'dark' ? 'dark' : 'light',
      created_at: user.createdAt.toISOString(),
      company: row.company ? toCompany(row.company) : null,
      publisher: row.publisher,
      permissions: await permissionsOf(row.role.id),
      intercom_company_id: row.company?.id ?? null,
      intercom_id: user.id,
      intercom_hash: hmacHex(intercomSecret, user.id),
    };
  }

  type LiveInvitation = NonNullable<Awaited<ReturnType<UserRepo['findLiveInvitation']>>>;

  /** Creates the invited, already verified account (the invitation reached this mailbox). */
  async function joinInvitation(
    invitation: LiveInvitation,
    account: { name: string; email: string; passwordHash: string },
    at: Date,
  ): Promise<string> {
    const roleId = await repo.roleIdByAlias(invitation.roleAlias);
    if (!roleId) throw fieldError('invitation_token', AUTH_MESSAGES.invalidToken);
    const id = await repo.acceptInvitation(
      invitation.id,
      {
        ...account,
        roleId,
        companyId: invitation.companyId,
        publisherId: invitation.publisherId,
        emailVerifiedAt: at,
      },
      at,
    );
    if (!id) throw fieldError('invitation_token', AUTH_MESSAGES.invalidToken);
    return id;
  }

  return {
    async loadUser(userId: string): Promise<User | null> {
      const row = await repo.loadProfile(userId);
      return row ? userFromProfile(row) : null;
    },

    userFromProfile,

    async signup(body: SignupBody): Promise<{ verified: boolean }> {
      checkNewPassword(body.password);
      if (await repo.findIdByEmail(body.email)) throw fieldError('email', MESSAGES.emailTaken);
      const passwordHash = await hashPassword(body.password);
      const at = new Date(now());

      if (body.invitation_token) {
        const invitation = await repo.findLiveInvitation(hashToken(body.invitation_token), at);
        if (!invitation || invitation.email.toLowerCase() !== body.email) {
          throw fieldError('invitation_token', AUTH_MESSAGES.invalidToken);
        }
        await joinInvitation(invitation, { name: body.name, email: body.email, passwordHash }, at);
        return { verified: true };
      }

      // Self sign-up creates a company admin who then sets up a company (spec §4 onboarding).
      const roleId = await repo.roleIdByAlias(ROLE.COMPANY_ADMIN);
      if (!roleId) throw new Error('Roles are not seeded');
      let id: string;
      try {
        id = await repo.createUser({ name: body.name, email: body.email, passwordHash, roleId });
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides.
        if ((error as { code?: string }).code === '23505' || /unique/i.test(String(error))) {
          throw fieldError('email', MESSAGES.emailTaken);
        }
        throw error;
      }
      await sendVerification(id, body.email);
      return { verified: false };
    },

    async verifyEmail(token: string): Promise<void> {
      const ok = await repo.consumeVerificationToken(hashToken(token), new Date(now()));
      if (!ok) throw fieldError('token', AUTH_MESSAGES.invalidToken);
    },

    /** Checks credentials under the rate limit; returns the user id to open a session for. */
    async login(body: LoginBody, ip: string): Promise<string> {
      const wait = await limiter.retryAfter(body.email, ip);
      if (wait > 0) {
        throw new DomainError(
          429,
          AUTH_MESSAGES.tooManyAttempts(wait),
          {},
          { 'retry-after': String(wait) },
        );
      }
      const found = await repo.findCredentialsByEmail(body.email);
      const ok = found
        ? await verifyPassword(found.passwordHash, body.password)
        : (await burnPasswordCheck(body.password), false);
      if (!found || !ok) {
        await limiter.recordFailure(body.email, ip);
        await repo.audit('login_failed', found?.id ?? null, ip, { email: body.email });
        throw fieldError('email', AUTH_MESSAGES.invalidCredentials);
      }
      if (!found.emailVerifiedAt) throw fieldError('email', AUTH_MESSAGES.emailNotVerified);
      await limiter.clear(body.email, ip);
      await repo.audit('login', found.id, ip);
      return found.id;
    },

    async recordLogout(userId: string | null, ip: string): Promise<void> {
      if (userId) await repo.audit('logout', userId, ip);
    },

    async forgotPassword(email: string): Promise<void> {
      const user = await repo.findIdByEmail(email);
      if (!user) return;
      const token = newToken();
      await repo.insertResetToken(user.id, hashToken(token), new Date(now() + RESET_TTL_MS));
      await deps.sendMail(
        linkMail(
          user.email,
          'Reset your password',
          'We received a request to reset your Fieldbot password. The link is valid for 60 minutes.',
          'Reset password',
          `${appUrl}/reset-password/${token}`,
        ),
      );
    },

    async resetPassword(body: ResetPasswordBody, ip: string): Promise<void> {
      checkNewPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const userId = await repo.consumeResetToken(
        hashToken(body.token),
        passwordHash,
        new Date(now()),
      );
      if (!userId) throw fieldError('token', AUTH_MESSAGES.invalidToken);
      await deps.sessions.destroyAllForUser(userId);
      await repo.audit('password_reset', userId, ip);
    },

    /** Ends every session of the user, the current one included. */
    async changePassword(userId: string, body: ChangePasswordBody, ip: string): Promise<void> {
      const found = await repo.findCredentialsById(userId);
      if (!found) throw new DomainError(401, AUTH_MESSAGES.unauthenticated);
      if (!(await verifyPassword(found.passwordHash, body.current_password))) {
        throw fieldError('current_password', AUTH_MESSAGES.currentPasswordWrong);
      }
      checkNewPassword(body.password);
      await repo.updateUser(userId, { passwordHash: await hashPassword(body.password) });
      await deps.sessions.destroyAllForUser(userId);
      await repo.audit('password_changed', userId, ip);
    },

    async isInvitationValid(token: string): Promise<boolean> {
      return Boolean(await repo.findLiveInvitation(hashToken(token), new Date(now())));
    },

    /** Creates the invited account (verified) and returns its id to log in. */
    async acceptInvite(body: AcceptInviteBody, ip: string): Promise<string> {
      const at = new Date(now());
      const invitation = await repo.findLiveInvitation(hashToken(body.invitation_token), at);
      if (!invitation) throw fieldError('invitation_token', AUTH_MESSAGES.invalidToken);
      checkNewPassword(body.password);
      if (await repo.findIdByEmail(invitation.email)) {
        throw fieldError('invitation_token', MESSAGES.emailTaken);
      }
      const id = await joinInvitation(
        invitation,
        {
          name: body.name,
          email: invitation.email.toLowerCase(),
          passwordHash: await hashPassword(body.password),
        },
        at,
      );
      await repo.audit('login', id, ip, { via: 'accept-invite' });
      return id;
    },

    /** Applies only the fields that differ from the stored profile. */
    async updateProfile(user: User, body: UpdateProfileBody): Promise<void> {
      const changes: {
        displayMode?: string;
        name?: string;
        phone?: string;
        image?: string | null;
      } = {};
      const errors: Record<string, string[]> = {};
      if (body.display_mode !== undefined && body.display_mode !== user.display_mode) {
        changes.displayMode = body.display_mode;
      }
      if (body.name !== undefined && body.name !== user.name) {
        if (user.crm_user_id) errors.name = [AUTH_MESSAGES.crmLocked];
        else changes.name = body.name;
      }
      if (body.phone !== undefined && body.phone !== user.phone) {
        if (user.crm_user_id) errors.phone = [AUTH_MESSAGES.crmLocked];
        else changes.phone = body.phone;
      }
      if (body.image !== undefined && body.image !== user.image) {
        if (body.image === null) changes.image = null;
        else if (deps.isOurFileUrl(body.image) && (await repo.isFileOwnedBy(user.id, body.image))) {
          changes.image = body.image;
        } else errors.image = [MESSAGES.invalidUrl];
      }
      if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
      if (Object.keys(changes).length > 0) {
        await repo.updateUser(user.id, changes);
        deps.sessions.forgetUser(user.id);
      }
    },
  };
}
