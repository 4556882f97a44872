export { createBilling, registerBillingModule } from './billing.module.js';
export { createBillingRepo } from './billing.repo.js';
export { createBillingService, type BillingService, type CloseOutcome } from './billing.service.js';
