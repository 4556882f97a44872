/** The audit log (issue 27 §5). Code outside the module imports it from here only. */
export { insertAuditEntry, userAgentOf, type AuditEntryInput } from './audit-entry.js';
export { createAuditLogRepo } from './audit-log.repo.js';
export { registerAuditLogModule } from './audit-log.module.js';
export {
  AUDIO_PLAY_WINDOW_MINUTES,
  companySettingsAudit,
  interactionAudits,
  invitationAudits,
  type RouteAudit,
} from './route-audit.js';
export { purgeAuditLog } from './audit-log-purge.js';
