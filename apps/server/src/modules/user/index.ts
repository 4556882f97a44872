/**
 * The user module: sign-up, log-in, profile, invitations and their rate limits. Code outside the
 * module imports it from here only.
 */
export { linkMail } from './account-mail.js';
export type { ProfileService } from './profile.service.js';
export { purgeStaleAuthRows } from './auth-purge.repo.js';
export { slidingWindowWait } from './rate-limit.js';
export { createProfile, registerUserModule } from './user.module.js';
