export { AuditLogPage } from './pages/audit-log-page';
