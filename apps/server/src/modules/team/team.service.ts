import {
  AUTH_MESSAGES,
  INVITATION_TTL_DAYS,
  INTEGRATION_MESSAGES,
  INVITE_RESEND_INTERVAL_SECONDS,
  MESSAGES,
  ROLE,
  ROLE_TITLES,
  TEAM_MESSAGES,
  cannotReceiveInvitation,
  type TeamInviteBody,
  type TeamListItem,
  type TeamListQuery,
  type TeamMember,
  type TeamUpdateBody,
  type User,
} from '@fieldbot/shared';
import { DomainError, FieldValidationError, fieldError, notFound } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { linkMail } from '../user/account-mail.js';
import type { TeamRepo, TeamRow } from './team.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60_000;

export interface TeamServiceDeps {
  repo: TeamRepo;
  sendMail(message: MailMessage): Promise<void>;
  appUrl: string;
  /** Drops cached sessions of an edited user so the change shows on their next request. */
  forgetUser(userId: string): void;
  now?: () => number;
}

export type TeamService = ReturnType<typeof createTeamService>;

const userNotFound = () => new DomainError(404, MESSAGES.userNotFound);
const invitationNotFound = () => new DomainError(404, TEAM_MESSAGES.invitationNotFound);

const iso = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toListItem(row: TeamRow): TeamListItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    role: { alias: row.role_alias, title: row.role_title },
    status: row.status,
    last_active_at: iso(row.last_active_at),
    crm_user_id: row.crm_user_id,
    invitation:
      row.invitation_id && row.sent_at && row.expires_at
        ? { id: row.invitation_id, sent_at: iso(row.sent_at)!, expires_at: iso(row.expires_at)! }
        : null,
  };
}

/** The viewer's company id; a company-side user without a company has no team to see. */
function companyOf(viewer: User): string {
  const id = viewer.company?.id;
  if (!id) throw userNotFound();
  return id;
}

/** The company team (issue 10 §4): list, invitations, and a company admin's edits of colleagues. */
export function createTeamService(deps: TeamServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => Date.now());

  async function mailInvitation(email: string, companyId: string, token: string) {
    const company = (await repo.companyName(companyId)) ?? 'your company';
    await deps.sendMail(
      linkMail(
        email,
        `You are invited to join ${company} on Fieldbot`,
        `You have been invited to join ${company} on Fieldbot. Accept the invitation to create your account; the link works for ${INVITATION_TTL_DAYS} days.`,
        'Accept invitation',
        `${deps.appUrl}/accept-invite/${token}`,
      ),
    );
  }

  /**
   * Sends a pending invitation again with a fresh link (the previous one stops working), at most
   * once per INVITE_RESEND_INTERVAL_SECONDS; 429 with Retry-After when asked sooner.
   */
  async function resend(
    companyId: string,
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
    await mailInvitation(invitation.email, companyId, token);
  }

  return {
    async list(viewer: User, query: TeamListQuery) {
      const page = await repo.teamPage(companyOf(viewer), query, new Date(now()));
      return { items: page.items.map(toListItem), count: page.count, counts: page.counts };
    },

    /** Spec §7 GET /api/company/team/{id}: a member of the caller's own company only. */
    async member(viewer: User, memberId: string): Promise<TeamMember> {
      // The foundation's generic 404 (roles-tenancy contract); the page shows 'User not found'.
      const companyId = viewer.company?.id;
      if (!companyId || !UUID.test(memberId)) throw notFound();
      const row = await repo.findMember(companyId, memberId, new Date(now()));
      if (!row) throw notFound();
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        image: row.image,
        phone: row.phone,
        crm_user_id: row.crmUserId,
        role: { alias: row.roleAlias, title: row.roleTitle },
        status: row.hasPassword ? 'active' : row.invited ? 'invited' : 'not-invited',
        last_active_at: row.lastActiveAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      };
    },

    /**
     * Invites an address to the company with a role. An address with an account is taken; one
     * with a pending invitation of this company gets that invitation again (with the role asked).
     */
    async invite(viewer: User, body: TeamInviteBody): Promise<string> {
      const companyId = companyOf(viewer);
      if (await repo.emailTaken(body.email)) throw fieldError('email', MESSAGES.emailTaken);
      const t = now();
      const pending = await repo.findLiveInvitationByEmail(companyId, body.email, new Date(t));
      if (pending) {
        await resend(companyId, pending, body.role_alias);
        return TEAM_MESSAGES.resent;
      }
      const token = newToken();
      await repo.insertInvitation({
        tokenHash: hashToken(token),
        email: body.email,
        roleAlias: body.role_alias,
        companyId,
        invitedBy: viewer.id,
        expiresAt: new Date(t + INVITATION_TTL_DAYS * DAY_MS),
        sentAt: new Date(t),
      });
      await mailInvitation(body.email, companyId, token);
      return TEAM_MESSAGES.invited;
    },

    /**
     * Invites a user the CRM sync created (no password, Not Invited) to set a password; their role
     * and crm_user_id stay. A live invitation is sent again instead. A technician the CRM has no
     * e-mail for (stored as …@no-email.invalid) cannot be invited.
     */
    async inviteMember(viewer: User, memberId: string): Promise<string> {
      const companyId = companyOf(viewer);
      if (!UUID.test(memberId)) throw userNotFound();
      const t = now();
      const member = await repo.findMember(companyId, memberId, new Date(t));
      if (!member) throw userNotFound();
      if (member.hasPassword) throw fieldError('email', MESSAGES.emailTaken);
      if (cannotReceiveInvitation(member.email)) {
        throw new DomainError(422, INTEGRATION_MESSAGES.technicianNoEmail);
      }
      const pending = await repo.findLiveInvitationByEmail(companyId, member.email, new Date(t));
      if (pending) {
        await resend(companyId, pending, member.roleAlias);
        return TEAM_MESSAGES.resent;
      }
      const token = newToken();
      await repo.insertInvitation({
        tokenHash: hashToken(token),
        email: member.email.toLowerCase(),
        roleAlias: member.roleAlias,
        companyId,
        invitedBy: viewer.id,
        expiresAt: new Date(t + INVITATION_TTL_DAYS * DAY_MS),
        sentAt: new Date(t),
      });
      await mailInvitation(member.email, companyId, token);
      return TEAM_MESSAGES.invited;
    },

    async resend(viewer: User, invitationId: string): Promise<string> {
      const companyId = companyOf(viewer);
      const invitation = await repo.findPendingInvitation(companyId, invitationId);
      if (!invitation) throw invitationNotFound();
      if (await repo.emailTaken(invitation.email)) {
        // The address has an account by now (signed up elsewhere): the link could not be used.
        throw fieldError('email', MESSAGES.emailTaken);
      }
      await resend(companyId, invitation);
      return TEAM_MESSAGES.resent;
    },

    async revoke(viewer: User, invitationId: string): Promise<string> {
      const companyId = companyOf(viewer);
      const invitation = await repo.findPendingInvitation(companyId, invitationId);
      if (!invitation || !(await repo.revokeInvitation(invitation.id, new Date(now())))) {
        throw invitationNotFound();
      }
      return TEAM_MESSAGES.revoked;
    },

    /**
     * Spec §7 POST /api/company/team/update: a company admin edits a colleague. Only changed
     * fields are applied; a CRM-linked user's name and phone are the CRM's; roles move between
     * manager and field team only, never the admin's own, and each change is audited.
     */
    async update(viewer: User, body: TeamUpdateBody, ip: string): Promise<string> {
      const companyId = companyOf(viewer);
      if (!UUID.test(body.id)) throw userNotFound();
      const member = await repo.findMember(companyId, body.id, new Date(now()));
      if (!member) throw userNotFound();

      const errors: Record<string, string[]> = {};
      const changes: { name?: string; phone?: string; roleId?: string } = {};
      if (body.name !== undefined && body.name !== member.name) {
        if (member.crmUserId) errors.name = [AUTH_MESSAGES.crmLocked];
        else changes.name = body.name;
      }
      if (body.phone !== undefined && body.phone !== member.phone) {
        if (member.crmUserId) errors.phone = [AUTH_MESSAGES.crmLocked];
        else changes.phone = body.phone;
      }
      let roleChange: { from: string; to: string } | null = null;
      if (body.role_alias !== undefined && body.role_alias !== member.roleAlias) {
        if (member.id === viewer.id) errors.role_alias = [TEAM_MESSAGES.ownRole];
        else if (member.roleAlias === ROLE.COMPANY_ADMIN) {
          errors.role_alias = [
            (await repo.countAdmins(companyId)) <= 1
              ? TEAM_MESSAGES.lastAdmin
              : TEAM_MESSAGES.adminRole,
          ];
        } else {
          const roleId = await repo.roleIdByAlias(body.role_alias);
          if (!roleId) throw new Error(`Role ${body.role_alias} is not seeded`);
          changes.roleId = roleId;
          roleChange = { from: member.roleAlias, to: body.role_alias };
        }
      }
      if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
      if (Object.keys(changes).length > 0) {
        await repo.updateMember(
          member.id,
          changes,
          roleChange
            ? {
                event: 'team.role_changed',
                actorId: viewer.id,
                ip,
                meta: {
                  ...roleChange,
                  from_title: ROLE_TITLES[roleChange.from as keyof typeof ROLE_TITLES],
                  to_title: ROLE_TITLES[roleChange.to as keyof typeof ROLE_TITLES],
                },
              }
            : null,
        );
        deps.forgetUser(member.id);
      }
      return TEAM_MESSAGES.updated;
    },
  };
}
