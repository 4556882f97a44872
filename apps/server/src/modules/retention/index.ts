/** Retention (issue 27 §2). Code outside the module imports it from here only. */
export {
  RETENTION_BATCH_SIZE,
  companiesWithRetention,
  sweepAllCompanies,
  sweepCompany,
  type RetentionCounts,
  type RetentionDeps,
} from './retention.service.js';
