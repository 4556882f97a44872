/**
 * The session module: sessions, their cookies and their expiry. Code outside the module imports it
 * from here only.
 */
export { clearSessionCookies, setSessionCookies } from './session.cookies.js';
export { createSessionRepo } from './session.repo.js';
export {
  createSessionService,
  type SessionRecord,
  type SessionService,
} from './session.service.js';
