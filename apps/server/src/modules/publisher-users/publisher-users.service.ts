import {
  MESSAGES,
  PUBLISHER_USER_MESSAGES,
  ROLE,
  ROLE_TITLES,
  type PublisherInviteBody,
  type PublisherUserListItem,
  type PublisherUserListQuery,
  type PublisherUserRoleBody,
  type User,
} from '@fieldbot/shared';
import { DomainError, fieldError } from '../../lib/errors.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { createOrgInvitations, toMemberListItem } from '../org-members/index.js';
import type { PublisherUsersRepo } from './publisher-users.repo.js';

export interface PublisherUsersServiceDeps {
  repo: PublisherUsersRepo;
  sendMail(message: MailMessage): Promise<void>;
  appUrl: string;
  /** Drops cached sessions of an edited user so the change shows on their next request. */
  forgetUser(userId: string): void;
  /** Ends every session of a removed user. */
  destroySessions(userId: string): Promise<void>;
  now?: () => number;
}

export type PublisherUsersService = ReturnType<typeof createPublisherUsersService>;

const userNotFound = () => new DomainError(404, PUBLISHER_USER_MESSAGES.userNotFound);

/** The viewer's publisher id; an admin who has not created the publisher has no users to manage. */
function publisherOf(viewer: User): string {
  const id = viewer.publisher?.id;
  if (!id) throw new DomainError(404, MESSAGES.userNotFound);
  return id;
}

/**
 * Publisher users: the publisher admin lists, invites and manages the accounts of the
 * own publisher only (another publisher's users and invitations are indistinguishable from none).
 */
export function createPublisherUsersService(deps: PublisherUsersServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => Date.now());
  const invitations = createOrgInvitations({
    repo,
    orgName: (publisherId) => repo.publisherName(publisherId),
    sendMail: deps.sendMail,
    appUrl: deps.appUrl,
    now,
  });

  /** A user of the viewer's publisher other than the viewer (`selfMessage` otherwise). */
  async function colleague(viewer: User, userId: string, field: string, selfMessage: string) {
    const publisherId = publisherOf(viewer);
    const member = await repo.findMember(publisherId, userId, new Date(now()));
    if (!member) throw userNotFound();
    if (member.id === viewer.id) throw fieldError(field, selfMessage);
    return { publisherId, member };
  }

  /** 422 when the member is the publisher's last admin (the publisher must keep one). */
  async function keepAnAdmin(publisherId: string, roleAlias: string, field: string) {
    if (
      roleAlias === ROLE.PUBLISHER_ADMIN &&
      (await repo.countWithRole(publisherId, ROLE.PUBLISHER_ADMIN)) <= 1
    ) {
      throw fieldError(field, PUBLISHER_USER_MESSAGES.lastAdmin);
    }
  }

  return {
    async list(viewer: User, query: PublisherUserListQuery) {
      const page = await repo.membersPage(publisherOf(viewer), query, new Date(now()));
      const items: PublisherUserListItem[] = page.items.map((row) => {
        // The CRM link is a company notion: not part of a publisher's list.
        const { crm_user_id: _crm, ...item } = toMemberListItem(row);
        return item;
      });
      return { items, count: page.count, counts: page.counts };
    },

    async invite(viewer: User, body: PublisherInviteBody): Promise<string> {
      const publisherId = publisherOf(viewer);
      if (await repo.emailTaken(body.email)) {
        throw fieldError('email', PUBLISHER_USER_MESSAGES.memberElsewhere);
      }
      const outcome = await invitations.send(publisherId, viewer.id, body.email, body.role_alias);
      return outcome === 'invited'
        ? PUBLISHER_USER_MESSAGES.invited
        : PUBLISHER_USER_MESSAGES.resent;
    },

    async resend(viewer: User, invitationId: string): Promise<string> {
      await invitations.resend(publisherOf(viewer), invitationId);
      return PUBLISHER_USER_MESSAGES.resent;
    },

    async revoke(viewer: User, invitationId: string): Promise<string> {
      await invitations.revoke(publisherOf(viewer), invitationId);
      return PUBLISHER_USER_MESSAGES.revoked;
    },

    /** Moves a colleague between Publisher Admin and Publisher User; audited. */
    async changeRole(
      viewer: User,
      userId: string,
      body: PublisherUserRoleBody,
      ip: string,
    ): Promise<string> {
      const { publisherId, member } = await colleague(
        viewer,
        userId,
        'role_alias',
        PUBLISHER_USER_MESSAGES.ownRole,
      );
      if (member.roleAlias === body.role_alias) return PUBLISHER_USER_MESSAGES.roleChanged;
      await keepAnAdmin(publisherId, member.roleAlias, 'role_alias');
      const roleId = await repo.roleIdByAlias(body.role_alias);
      if (!roleId) throw new Error(`Role ${body.role_alias} is not seeded`);
      await repo.updateMember(
        member.id,
        { roleId },
        {
          event: 'publisher_users.role_changed',
          actorId: viewer.id,
          ip,
          meta: {
            publisher_id: publisherId,
            from: member.roleAlias,
            to: body.role_alias,
            from_title: ROLE_TITLES[member.roleAlias as keyof typeof ROLE_TITLES],
            to_title: ROLE_TITLES[body.role_alias],
          },
        },
      );
      deps.forgetUser(member.id);
      return PUBLISHER_USER_MESSAGES.roleChanged;
    },

    /**
     * Removes a colleague from the publisher by deleting the account: a publisher-side account
     * has no use without its publisher, and the address becomes free to invite again.
     */
    async remove(viewer: User, userId: string): Promise<string> {
      const { publisherId, member } = await colleague(
        viewer,
        userId,
        'id',
        PUBLISHER_USER_MESSAGES.removeSelf,
      );
      await keepAnAdmin(publisherId, member.roleAlias, 'id');
      await deps.destroySessions(member.id);
      await repo.deleteUser(member.id);
      deps.forgetUser(member.id);
      return PUBLISHER_USER_MESSAGES.removed;
    },
  };
}
