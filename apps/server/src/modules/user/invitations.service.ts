import { AUTH_MESSAGES, MESSAGES, type AcceptInviteBody } from '@fieldbot/shared';
import { fieldError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { hashToken } from '../../lib/tokens.js';
import { checkNewPassword } from './new-password.js';
import type { UserRepo } from './user.repo.js';

export interface InvitationsServiceDeps {
  repo: UserRepo;
  now?: () => number;
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

type LiveInvitation = NonNullable<Awaited<ReturnType<UserRepo['findLiveInvitation']>>>;

/** Joining a company or publisher through an e-mailed invitation link. */
export function createInvitationsService(deps: InvitationsServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => Date.now());

  /** Creates the invited, already verified account (the invitation reached this mailbox). */
  async function join(
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
    join,

    /** The live invitation of a token sent to `email`, or a 422 on invitation_token. */
    async findFor(token: string, email: string, at: Date): Promise<LiveInvitation> {
      const invitation = await repo.findLiveInvitation(hashToken(token), at);
      if (!invitation || invitation.email.toLowerCase() !== email) {
        throw fieldError('invitation_token', AUTH_MESSAGES.invalidToken);
      }
      return invitation;
    },

    async isValid(token: string): Promise<boolean> {
      return Boolean(await repo.findLiveInvitation(hashToken(token), new Date(now())));
    },

    /** Creates the invited account (verified) and returns its id to log in. */
    async accept(body: AcceptInviteBody, ip: string): Promise<string> {
      const at = new Date(now());
      const invitation = await repo.findLiveInvitation(hashToken(body.invitation_token), at);
      if (!invitation) throw fieldError('invitation_token', AUTH_MESSAGES.invalidToken);
      const email = invitation.email.toLowerCase();
      await checkNewPassword(body.password, { email, name: body.name });
      const passwordHash = await hashPassword(body.password);
      let id: string;
      if (await repo.findIdByEmail(email)) {
        // The admin invited a user the CRM sync created (no password yet): the account is theirs.
        const claimed = await repo.claimInvitedAccount(
          invitation,
          { passwordHash, emailVerifiedAt: at },
          at,
        );
        if (!claimed) throw fieldError('invitation_token', MESSAGES.emailTaken);
        id = claimed;
      } else {
        id = await join(invitation, { name: body.name, email, passwordHash }, at);
      }
      await repo.audit('login', id, ip, { via: 'accept-invite' });
      return id;
    },
  };
}
