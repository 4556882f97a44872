import {
  AUTH_MESSAGES,
  INTEGRATION_MESSAGES,
  MESSAGES,
  OPTION_LISTS,
  ROLE,
  ROLE_TITLES,
  TEAM_MESSAGES,
  cannotReceiveInvitation,
  type TeamExportQuery,
  type TeamInviteBody,
  type TeamListItem,
  type TeamListQuery,
  type TeamMember,
  type TeamUpdateBody,
  type User,
} from '@fieldbot/shared';
import { csvStream, type CsvColumn } from '../../lib/csv-response.js';
import { DomainError, FieldValidationError, fieldError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { createOrgInvitations, toMemberListItem } from '../org-members/index.js';
import type { TeamRepo } from './team.repo.js';

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

/** Active / Invited / Not Invited: spec §3's option list, as the list's badges show them. */
const STATUS_LABELS = new Map<string, string>(
  OPTION_LISTS.userStatus.map((option) => [option.value, option.label]),
);

/** The team export: the list's columns (a pending invitation has no name yet), then its invitation. */
const TEAM_CSV_COLUMNS: CsvColumn<TeamListItem>[] = [
  { header: 'Name', value: (m) => m.name },
  { header: 'Email', value: (m) => m.email },
  { header: 'Role', value: (m) => m.role.title },
  { header: 'Status', value: (m) => STATUS_LABELS.get(m.status) },
  { header: 'Last Active (UTC)', value: (m) => m.last_active_at },
  { header: 'Invitation Sent (UTC)', value: (m) => m.invitation?.sent_at },
  { header: 'Invitation Expires (UTC)', value: (m) => m.invitation?.expires_at },
];

/** The viewer's company id; a company-side user without a company has no team to see. */
function companyOf(viewer: User): string {
  const id = viewer.company?.id;
  if (!id) throw userNotFound();
  return id;
}

/** The company team: list, invitations, and a company admin's edits of colleagues. */
export function createTeamService(deps: TeamServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => Date.now());

  const invitations = createOrgInvitations({
    repo,
    orgName: (companyId) => repo.companyName(companyId),
    sendMail: deps.sendMail,
    appUrl: deps.appUrl,
    now,
  });
  const sentMessage = (outcome: 'invited' | 'resent') =>
    outcome === 'invited' ? TEAM_MESSAGES.invited : TEAM_MESSAGES.resent;

  return {
    async list(viewer: User, query: TeamListQuery) {
      const page = await repo.teamPage(companyOf(viewer), query, new Date(now()));
      return { items: page.items.map(toMemberListItem), count: page.count, counts: page.counts };
    },

    /** The team as CSV rows: the list's search, filters and order, read in batches. */
    teamCsv(viewer: User, query: TeamExportQuery) {
      const companyId = companyOf(viewer);
      // One instant for the whole file: an invitation is live or not in every batch alike.
      const at = new Date(now());
      return csvStream(TEAM_CSV_COLUMNS, async (offset, limit) =>
        (await repo.teamBatch(companyId, query, at, offset, limit)).map(toMemberListItem),
      );
    },

    /** Spec §7 GET /api/company/team/{id}: a member of the caller's own company only. */
    async member(viewer: User, memberId: string): Promise<TeamMember> {
      // The foundation's generic 404 (roles-tenancy contract); the page shows 'User not found'.
      const companyId = viewer.company?.id;
      if (!companyId || !isUuid(memberId)) throw notFound();
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
      return sentMessage(await invitations.send(companyId, viewer.id, body.email, body.role_alias));
    },

    /**
     * Invites a user the CRM sync created (no password, Not Invited) to set a password; their role
     * and crm_user_id stay. A live invitation is sent again instead. A technician the CRM has no
     * e-mail for (stored as …@no-email.invalid) cannot be invited.
     */
    async inviteMember(viewer: User, memberId: string): Promise<string> {
      const companyId = companyOf(viewer);
      if (!isUuid(memberId)) throw userNotFound();
      const t = now();
      const member = await repo.findMember(companyId, memberId, new Date(t));
      if (!member) throw userNotFound();
      if (member.hasPassword) throw fieldError('email', MESSAGES.emailTaken);
      if (cannotReceiveInvitation(member.email)) {
        throw new DomainError(422, INTEGRATION_MESSAGES.technicianNoEmail);
      }
      return sentMessage(
        await invitations.send(companyId, viewer.id, member.email, member.roleAlias),
      );
    },

    async resend(viewer: User, invitationId: string): Promise<string> {
      await invitations.resend(companyOf(viewer), invitationId);
      return TEAM_MESSAGES.resent;
    },

    async revoke(viewer: User, invitationId: string): Promise<string> {
      await invitations.revoke(companyOf(viewer), invitationId);
      return TEAM_MESSAGES.revoked;
    },

    /**
     * Spec §7 POST /api/company/team/update: a company admin edits a colleague. Only changed
     * fields are applied; a CRM-linked user's name and phone are the CRM's; roles move between
     * manager and field team only, never the admin's own, and each change is audited.
     */
    async update(viewer: User, body: TeamUpdateBody, ip: string): Promise<string> {
      const companyId = companyOf(viewer);
      if (!isUuid(body.id)) throw userNotFound();
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
