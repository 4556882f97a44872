import {
  INVITATION_TTL_DAYS,
  INVITE_RESEND_INTERVAL_SECONDS,
  MESSAGES,
  TEAM_MESSAGES,
} from '@fieldbot/shared';
import { DomainError, fieldError } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { linkMail } from '../user/index.js';
import type { OrgMembersRepo } from './org-members.repo.js';

const DAY_MS = 24 * 60 * 60_000;

export type OrgInvitationsRepo = Pick<
  OrgMembersRepo,
  | 'emailTaken'
  | 'findPendingInvitation'
  | 'findLiveInvitationByEmail'
  | 'insertInvitation'
  | 'renewInvitation'
  | 'revokeInvitation'
>;

export interface OrgInvitationsDeps {
  repo: OrgInvitationsRepo;
  /** The organisation's name for the mail ("You are invited to join {name} on Fieldbot"). */
  orgName(orgId: string): Promise<string | null>;
  sendMail(message: MailMessage): Promise<void>;
  appUrl: string;
  now?: () => number;
}

export type OrgInvitations = ReturnType<typeof createOrgInvitations>;

const invitationNotFound = () => new DomainError(404, TEAM_MESSAGES.invitationNotFound);

/**
 * Invitations into an organisation (a company's team, a publisher's users): sending, resending at
 * most once per INVITE_RESEND_INTERVAL_SECONDS, revoking. The organisation is the repo's kind.
 */
export function createOrgInvitations(deps: OrgInvitationsDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => Date.now());

  async function mailInvitation(email: string, orgId: string, token: string) {
    const org = (await deps.orgName(orgId)) ?? 'your organisation';
    await deps.sendMail(
      linkMail(
        email,
        `You are invited to join ${org} on Fieldbot`,
        `You have been invited to join ${org} on Fieldbot. Accept the invitation to create your account; the link works for ${INVITATION_TTL_DAYS} days.`,
        'Accept invitation',
        `${deps.appUrl}/accept-invite/${token}`,
      ),
    );
  }

  /**
   * Sends a pending invitation again with a fresh link (the previous one stops working); 429 with
   * Retry-After when asked sooner than the interval.
   */
  async function resendPending(
    orgId: string,
    invitation: { id: string; email: string; sentAt: Date },
    roleAlias?: string,
  ) {
    const t = now();
    const waitMs = invitation.sentAt.getTime() + INVITE_RESEND_INTERVAL_SECONDS * 1000 - t;
    const tooSoon = (ms: number) => {
      const seconds = Math.max(1, Math.ceil(ms / 1000));
      return new DomainError(
        429,
        TEAM_MESSAGES.resendTooSoon(seconds),
        {},
        { 'retry-after': String(seconds) },
      );
    };
    if (waitMs > 0) throw tooSoon(waitMs);
    const token = newToken();
    const renewed = await repo.renewInvitation(
      invitation.id,
      {
        tokenHash: hashToken(token),
        expiresAt: new Date(t + INVITATION_TTL_DAYS * DAY_MS),
        sentAt: new Date(t),
        ...(roleAlias ? { roleAlias } : {}),
      },
      new Date(t - INVITE_RESEND_INTERVAL_SECONDS * 1000),
    );
    // A concurrent resend won the row (or it was accepted or revoked meanwhile).
    if (!renewed) throw tooSoon(INVITE_RESEND_INTERVAL_SECONDS * 1000);
    await mailInvitation(invitation.email, orgId, token);
  }

  return {
    /**
     * Invites an address with a role: a pending invitation of this organisation to it is sent
     * again (with the role asked), else a new one is created and mailed. The caller checks first
     * whether the address may be invited.
     */
    async send(
      orgId: string,
      invitedBy: string,
      email: string,
      roleAlias: string,
    ): Promise<'invited' | 'resent'> {
      const t = now();
      const pending = await repo.findLiveInvitationByEmail(orgId, email, new Date(t));
      if (pending) {
        await resendPending(orgId, pending, roleAlias);
        return 'resent';
      }
      const token = newToken();
      await repo.insertInvitation({
        tokenHash: hashToken(token),
        email: email.toLowerCase(),
        roleAlias,
        orgId,
        invitedBy,
        expiresAt: new Date(t + INVITATION_TTL_DAYS * DAY_MS),
        sentAt: new Date(t),
      });
      await mailInvitation(email, orgId, token);
      return 'invited';
    },

    /** Resends a pending invitation of the organisation by id. */
    async resend(orgId: string, invitationId: string): Promise<void> {
      const invitation = await repo.findPendingInvitation(orgId, invitationId);
      if (!invitation) throw invitationNotFound();
      if (await repo.emailTaken(invitation.email)) {
        // The address has an account by now (signed up elsewhere): the link could not be used.
        throw fieldError('email', MESSAGES.emailTaken);
      }
      await resendPending(orgId, invitation);
    },

    async revoke(orgId: string, invitationId: string): Promise<void> {
      const invitation = await repo.findPendingInvitation(orgId, invitationId);
      if (!invitation || !(await repo.revokeInvitation(invitation.id, new Date(now())))) {
        throw invitationNotFound();
      }
    },
  };
}
