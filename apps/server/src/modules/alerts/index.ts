export { registerAlertsModule } from './alerts.module.js';
export { createAlertsRepo, type AlertsRepo } from './alerts.repo.js';
export { createAlertEngine, type AlertEngine, type AlertEngineDeps } from './alert-engine.js';
export { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.js';
