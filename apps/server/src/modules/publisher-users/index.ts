/**
 * The publisher users module: a publisher's users and platform invitations. Code outside the module
 * imports it from here only.
 */
export { PlatformInviteError, invitePublisherAdmin } from './platform-invitation.js';
export { registerPublisherUsersModule } from './publisher-users.module.js';
