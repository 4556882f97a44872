import {
  AUTH_MESSAGES,
  MESSAGES,
  ROLE,
  type ChangePasswordBody,
  type LoginBody,
  type ResetPasswordBody,
  type SignupBody,
} from '@fieldbot/shared';
import { DomainError, fieldError } from '../../lib/errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { SessionService } from '../session/index.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { linkMail } from './account-mail.js';
import type { InvitationsService } from './invitations.service.js';
import { checkNewPassword } from './new-password.js';
import type { LoginRateLimiter } from './rate-limit.js';
import type { SignupLimiter } from './signup-limit.js';
import type { UserRepo } from './user.repo.js';

export const VERIFICATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;

export interface AuthServiceDeps {
  repo: UserRepo;
  limiter: LoginRateLimiter;
  signupLimiter: SignupLimiter;
  invitations: Pick<InvitationsService, 'findFor' | 'join'>;
  sessions: Pick<SessionService, 'destroyAllForUser'>;
  sendMail(message: MailMessage): Promise<void>;
  appUrl: string;
  /** The publisher of a referral code, or null for an unknown code. */
  publisherIdByCode(code: string): Promise<string | null>;
  now?: () => number;
}

export type AuthService = ReturnType<typeof createAuthService>;

const tooMany = (seconds: number, message: string) =>
  new DomainError(429, message, {}, { 'retry-after': String(seconds) });

/** Sign-up, e-mail verification, login and logout, and the password reset and change. */
export function createAuthService(deps: AuthServiceDeps) {
  const { repo, limiter, appUrl } = deps;
  const now = deps.now ?? (() => Date.now());

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

  return {
    async signup(body: SignupBody, ip: string): Promise<{ verified: boolean }> {
      await checkNewPassword(body.password, { email: body.email, name: body.name });
      // Counted from here: only an acceptable password gets the taken-address answer.
      const wait = await deps.signupLimiter.take(ip);
      if (wait > 0) throw tooMany(wait, AUTH_MESSAGES.tooManySignups(wait));
      if (await repo.findIdByEmail(body.email)) throw fieldError('email', MESSAGES.emailTaken);
      const passwordHash = await hashPassword(body.password);
      const at = new Date(now());

      if (body.invitation_token) {
        const invitation = await deps.invitations.findFor(body.invitation_token, body.email, at);
        await deps.invitations.join(
          invitation,
          { name: body.name, email: body.email, passwordHash },
          at,
        );
        return { verified: true };
      }

      // Self sign-up creates a company admin who then sets up a company (spec §4 onboarding).
      const roleId = await repo.roleIdByAlias(ROLE.COMPANY_ADMIN);
      if (!roleId) throw new Error('Roles are not seeded');
      // The publisher whose marketplace link brought the user; unknown codes are ignored.
      const referralPublisherId = body.referral_code
        ? await deps.publisherIdByCode(body.referral_code)
        : null;
      let id: string;
      try {
        id = await repo.createUser({
          name: body.name,
          email: body.email,
          passwordHash,
          roleId,
          referralPublisherId,
        });
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

    /**
     * Checks credentials under the rate limit; returns the user id to open a session for. A
     * limited account is refused before its password is checked; an address over its ceiling
     * only has its wrong passwords answered with 429.
     */
    async login(body: LoginBody, ip: string, userAgent: string | null = null): Promise<string> {
      const wait = await limiter.check(body.email, ip);
      if (wait.account > 0) {
        throw tooMany(wait.account, AUTH_MESSAGES.tooManyAttempts(wait.account));
      }
      const found = await repo.findCredentialsByEmail(body.email);
      const ok = found
        ? await verifyPassword(found.passwordHash, body.password)
        : (await burnPasswordCheck(body.password), false);
      if (!found || !ok) {
        await limiter.recordFailure(body.email, ip);
        // The account's company sees the attempt when the address is one of its users'.
        await repo.audit(
          'login_failed',
          found?.id ?? null,
          ip,
          { email: body.email },
          { userAgent, actorEmail: body.email.toLowerCase() },
        );
        if (wait.ip > 0) throw tooMany(wait.ip, AUTH_MESSAGES.tooManyAttempts(wait.ip));
        throw fieldError('email', AUTH_MESSAGES.invalidCredentials);
      }
      if (!found.emailVerifiedAt) throw fieldError('email', AUTH_MESSAGES.emailNotVerified);
      await limiter.clear(body.email);
      await repo.audit('login', found.id, ip, {}, { userAgent });
      return found.id;
    },

    async recordLogout(
      userId: string | null,
      ip: string,
      userAgent: string | null = null,
    ): Promise<void> {
      if (userId) await repo.audit('logout', userId, ip, {}, { userAgent });
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

    async resetPassword(
      body: ResetPasswordBody,
      ip: string,
      userAgent: string | null = null,
    ): Promise<void> {
      const tokenHash = hashToken(body.token);
      const owner = await repo.findResetTokenOwner(tokenHash, new Date(now()));
      // The password is judged first, as for any form; a dead link is reported after it.
      await checkNewPassword(
        body.password,
        owner ? { email: owner.email, name: owner.name, currentHash: owner.passwordHash } : {},
      );
      if (!owner) throw fieldError('token', AUTH_MESSAGES.invalidToken);
      const passwordHash = await hashPassword(body.password);
      const userId = await repo.consumeResetToken(tokenHash, passwordHash, new Date(now()));
      if (!userId) throw fieldError('token', AUTH_MESSAGES.invalidToken);
      await deps.sessions.destroyAllForUser(userId);
      await repo.audit('password_reset', userId, ip, {}, { userAgent });
    },

    /** Ends every session of the user, the current one included. */
    async changePassword(
      userId: string,
      body: ChangePasswordBody,
      ip: string,
      userAgent: string | null = null,
    ): Promise<void> {
      const found = await repo.findCredentialsById(userId);
      if (!found) throw new DomainError(401, AUTH_MESSAGES.unauthenticated);
      if (!(await verifyPassword(found.passwordHash, body.current_password))) {
        throw fieldError('current_password', AUTH_MESSAGES.currentPasswordWrong);
      }
      await checkNewPassword(body.password, {
        email: found.email,
        name: found.name,
        currentHash: found.passwordHash,
      });
      await repo.updateUser(userId, { passwordHash: await hashPassword(body.password) });
      await deps.sessions.destroyAllForUser(userId);
      await repo.audit('password_changed', userId, ip, {}, { userAgent });
    },
  };
}
