/**
 * The publisher users module: a publisher's users and platform invitations. Code outside the module
 * imports it from here only.
 */
export { PlatformInviteError, invitePublisherAdmin } from './platform-invitation.js';
export { createPublisherUsersRepo } from './publisher-users.repo.js';
export { publisherUsersRoutes } from './publisher-users.routes.js';
export { createPublisherUsersService } from './publisher-users.service.js';
