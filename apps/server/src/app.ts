import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import { createAppServices } from './app-services.js';
import { registerAddressModule } from './modules/address/index.js';
import { registerAlertsModule } from './modules/alerts/index.js';
import { registerAnalyticsModule } from './modules/analytics/index.js';
import { apiDocsRoutes, registerOpenApi } from './modules/api-docs/index.js';
import { registerApiKeysModule } from './modules/api-keys/index.js';
import { registerAuditLogModule } from './modules/audit-log/index.js';
import { registerBillingModule } from './modules/billing/index.js';
import { registerBotBackRunsModule } from './modules/bot-back-runs/index.js';
import { registerBotMarksModule } from './modules/bot-marks/index.js';
import { registerBotRunsModule } from './modules/bot-runs/index.js';
import { registerBotsModule } from './modules/bots/index.js';
import { registerCapacityModule } from './modules/capacity/index.js';
import { registerClientsModule } from './modules/clients/index.js';
import { registerCompanyModule } from './modules/company/index.js';
import { registerDashboardsModule } from './modules/dashboards/index.js';
import { registerFilesModule } from './modules/files/index.js';
import { registerHealthModule } from './modules/health/index.js';
import { registerIntegrationsModule } from './modules/integrations/index.js';
import { registerCrmWritebackModule } from './modules/crm-writeback/index.js';
import { registerCustomerPrivacyModule } from './modules/customer-privacy/index.js';
import { registerInteractionsModule } from './modules/interactions/index.js';
import { registerMarketplaceModule } from './modules/marketplace/index.js';
import { registerPaymentMethodsModule } from './modules/payment-methods/index.js';
import { registerPublisherUsersModule } from './modules/publisher-users/index.js';
import { registerPublishersModule } from './modules/publishers/index.js';
import { registerPrivacySettingsModule } from './modules/privacy-settings/index.js';
import { registerPublicApiModule } from './modules/public-api/index.js';
import { registerRecordingsModule } from './modules/recordings/index.js';
import { registerReferenceDataModule } from './modules/reference-data/index.js';
import { registerSearchModule } from './modules/search/index.js';
import { registerSupportModule, thirdPartyCspSources } from './modules/support/index.js';
import { registerTeamModule } from './modules/team/index.js';
import { registerUserModule } from './modules/user/index.js';
import { registerWebhooksModule } from './modules/webhooks/index.js';
import { registerAuthGuard } from './plugins/auth-guard.js';
import { registerCsrf, registerCsrfCookieRoute } from './plugins/csrf.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { loggerOptions } from './plugins/logging.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSessions } from './plugins/session.js';

export type { AppDeps };

/**
 * Registers the plugins, then each module with what it needs; the services several modules share
 * are built in app-services.ts, the infrastructure in server.ts.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage, sendMail } = deps;
  const { db } = database;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    // Tokens in paths (verify links, storage keys) are longer than the default 100 characters.
    routerOptions: { maxParamLength: 600 },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  const shared = createAppServices(deps);
  const { sessions, profile, marks, forgetUser, forgetCompanyUsers } = shared;

  registerErrorHandling(app);
  await registerSecurityHeaders(app, {
    https: config.appUrl.startsWith('https://'),
    extraImgSources: config.s3 ? [new URL(config.s3.endpoint).origin] : [],
    thirdParty: thirdPartyCspSources(config),
  });
  await app.register(compress, {
    // JSON and text only: audio and images are compressed already, and Range replies (206) never are.
    customTypes: /^(?:application\/(?:json|javascript)|text\/|image\/svg\+xml)/,
    encodings: ['br', 'gzip'],
  });
  await app.register(cookie);
  // Order matters: session, then CSRF, then the guard; all run before the body is read.
  registerSessions(app, { sessions });
  registerCsrf(app);
  registerInputGuard(app);
  registerAuthGuard(app, { userFromProfile: (row) => profile.userFromProfile(row) });
  registerCsrfCookieRoute(app, { sessions });
  // The public API: its OpenAPI document and Bearer-key guard first, so they see every v1 route.
  await registerOpenApi(app);
  await registerApiKeysModule(app, { db, config });
  await registerPublicApiModule(app, { db });
  await apiDocsRoutes(app);

  // Before the other modules: its hook records their routes' audited answers.
  await registerAuditLogModule(app, { db });
  await registerUserModule(app, {
    db,
    config,
    sessions,
    profile,
    sendMail,
    publisherIdByCode: shared.publisherIdByCode,
  });
  await registerCompanyModule(app, {
    db,
    isOurFileUrl: shared.isOurFileUrl,
    loadUser: (userId) => profile.loadUser(userId),
    publisherIdByCode: shared.publisherIdByCode,
    forgetUser,
    capacityChanged: shared.checkCapacity,
  });
  await registerCapacityModule(app, { db, config });
  await registerPaymentMethodsModule(app, { db, provider: deps.payments, forgetCompanyUsers });
  await registerTeamModule(app, { db, sendMail, appUrl: config.appUrl, forgetUser });
  await registerIntegrationsModule(app, { db, config, crmSync: deps.crmSync, forgetCompanyUsers });
  await registerWebhooksModule(app, { db, config, queue: deps.webhooks, sendMail });
  await registerPrivacySettingsModule(app, {
    db,
    forgetCompanyUsers,
    retentionChanged: deps.retention?.sweepCompany,
  });
  await registerCrmWritebackModule(app, { db });
  await registerHealthModule(app, { db });
  await registerReferenceDataModule(app, { db });
  await registerAddressModule(app, { db, config });
  await registerPublishersModule(app, { db, isOurFileUrl: shared.isOurFileUrl, forgetUser });
  await registerPublisherUsersModule(app, {
    db,
    sendMail,
    appUrl: config.appUrl,
    forgetUser,
    destroySessions: (userId) => sessions.destroyAllForUser(userId),
  });
  await registerFilesModule(app, { db, storage, config });
  await registerInteractionsModule(app, { db, storage });
  await registerSearchModule(app, { db });
  await registerCustomerPrivacyModule(app, { db, storage, queue: deps.customerDeletion });
  await registerAlertsModule(app, { db, secret: config.sessionSecret });
  await registerRecordingsModule(app, { db, storage, pipeline: deps.pipeline });
  await registerBotsModule(app, { db, storage, engines: deps.botEngines, marks });
  await registerMarketplaceModule(app, { db, sendMail, appUrl: config.appUrl });
  await registerClientsModule(app, { db });
  await registerDashboardsModule(app, { db, config });
  await registerBotRunsModule(app, { db, queue: deps.botRuns, marks });
  await registerBotMarksModule(app, { marks });
  await registerBotBackRunsModule(app, { db, queue: deps.backRuns });
  await registerAnalyticsModule(app, { db, config });
  await registerSupportModule(app, { db, sendMail, config });
  await registerBillingModule(app, {
    db,
    config,
    payments: deps.payments,
    sendMail,
    forgetUser,
    paymentStateChanged: shared.checkCapacity,
  });
  return app;
}
