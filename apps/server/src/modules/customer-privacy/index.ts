/** Privacy requests about end customers (issue 27 §4): flags, export, deletion; company deletion. */
export { registerCustomerPrivacyModule } from './customer-privacy.module.js';
export type { CustomerDeletionQueue } from './customer-privacy.service.js';
export { runCustomerDeletion, type DeletionOutcome } from './customer-deletion.js';
export { runCompanyDeletion, startCompanyDeletion } from './company-deletion.js';
