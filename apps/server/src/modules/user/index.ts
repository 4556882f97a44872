/**
 * The user module: sign-up, log-in, profile, invitations and their rate limits. Code outside the
 * module imports it from here only.
 */
export { linkMail } from './account-mail.js';
export { createAuthService } from './auth.service.js';
export { createInvitationsService } from './invitations.service.js';
export { createProfileService } from './profile.service.js';
export { MAX_LOCKOUT_MS, createLoginRateLimiter, slidingWindowWait } from './rate-limit.js';
export { createSignupLimiter } from './signup-limit.js';
export { createLoginAttemptStore, createSignupAttemptStore, createUserRepo } from './user.repo.js';
export { userRoutes } from './user.routes.js';
