import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { createAnalyticsRepo } from './modules/analytics/analytics.repo.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { registerIntegrationsModule } from './modules/integrations/integrations.module.js';
import type { CrmSyncQueue } from './modules/integrations/crm-sync-queue.js';
import { registerBotsModule } from './modules/bots/bots.module.js';
import { createBotMarks, registerBotMarksModule } from './modules/bot-marks/bot-marks.module.js';
import { registerMarketplaceModule } from './modules/marketplace/marketplace.module.js';
import { registerClientsModule } from './modules/clients/clients.module.js';
import { registerDashboardsModule } from './modules/dashboards/dashboards.module.js';
import { capacityRoutes } from './modules/capacity/capacity.routes.js';
import { createCapacityService } from './modules/capacity/capacity.service.js';
import { registerPaymentMethodsModule } from './modules/payment-methods/payment-methods.module.js';
import { createCompanyRepo } from './modules/company/company.repo.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { createCompanyService } from './modules/company/company.service.js';
import { createTeamRepo } from './modules/team/team.repo.js';
import { teamRoutes } from './modules/team/team.routes.js';
import { createTeamService } from './modules/team/team.service.js';
import { createFilesRepo } from './modules/files/files.repo.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { createFilesService } from './modules/files/files.service.js';
import { createUploadUrls } from './modules/files/upload-urls.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerBillingModule } from './modules/billing/billing.module.js';
import { createBotBackRunsRepo } from './modules/bot-back-runs/bot-back-runs.repo.js';
import { botBackRunsRoutes } from './modules/bot-back-runs/bot-back-runs.routes.js';
import {
  createBotBackRunsService,
  type BackRunStartQueue,
} from './modules/bot-back-runs/bot-back-runs.service.js';
import { createBotRunsRepo } from './modules/bot-runs/bot-runs.repo.js';
import { botRunsRoutes } from './modules/bot-runs/bot-runs.routes.js';
import { createBotRunsService } from './modules/bot-runs/bot-runs.service.js';
import { createPublishersRepo } from './modules/publishers/publishers.repo.js';
import { publishersRoutes } from './modules/publishers/publishers.routes.js';
import { createPublishersService } from './modules/publishers/publishers.service.js';
import { createPublisherUsersRepo } from './modules/publisher-users/publisher-users.repo.js';
import { publisherUsersRoutes } from './modules/publisher-users/publisher-users.routes.js';
import { createPublisherUsersService } from './modules/publisher-users/publisher-users.service.js';
import { createReferenceDataRepo } from './modules/reference-data/reference-data.repo.js';
import { createAddressRepo } from './modules/address/address.repo.js';
import { addressRoutes } from './modules/address/address.routes.js';
import { createAddressService } from './modules/address/address.service.js';
import { createAddressProvider } from './providers/address/index.js';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes.js';
import { createReferenceDataService } from './modules/reference-data/reference-data.service.js';
import { createInteractionsRepo } from './modules/interactions/interactions.repo.js';
import { interactionsRoutes } from './modules/interactions/interactions.routes.js';
import { createInteractionsService } from './modules/interactions/interactions.service.js';
import { createAuthService } from './modules/user/auth.service.js';
import { createInvitationsService } from './modules/user/invitations.service.js';
import { createProfileService } from './modules/user/profile.service.js';
import { MAX_LOCKOUT_MS, createLoginRateLimiter } from './modules/user/rate-limit.js';
import { createSignupLimiter } from './modules/user/signup-limit.js';
import {
  createLoginAttemptStore,
  createSignupAttemptStore,
  createUserRepo,
} from './modules/user/user.repo.js';
import { userRoutes } from './modules/user/user.routes.js';
import { registerAuthGuard } from './plugins/auth-guard.js';
import { registerCsrf, registerCsrfCookieRoute } from './plugins/csrf.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerErrorHandling } from './plugins/errors.js';
import { loggerOptions } from './plugins/logging.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerSessions } from './plugins/session.js';
import { createSessionRepo } from './modules/session/session.repo.js';
import { createSessionService } from './modules/session/session.service.js';
import type { BotRunQueue } from './jobs/bot-run.js';
import type { CapacityCheckQueue } from './jobs/capacity-check.js';
import type { PipelineQueue } from './jobs/pipeline.js';
import { createRecordingsRepo } from './modules/recordings/recordings.repo.js';
import { recordingRoutes } from './modules/recordings/recordings.routes.js';
import { createRecordingsService } from './modules/recordings/recordings.service.js';
import { createSupportRepo } from './modules/support/support.repo.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { createSupportService } from './modules/support/support.service.js';
import { thirdPartyCspSources } from './modules/support/third-party-csp.js';
import type { BotEngines } from './providers/bot-engine/index.js';
import type { MailMessage } from './providers/mail/index.js';
import type { PaymentProvider } from './providers/payments/index.js';
import type { StorageProvider } from './providers/storage/index.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  storage: StorageProvider;
  /** Queues an e-mail (pg-boss send-email); a dedupe key already queued is not queued again. */
  sendMail(message: MailMessage, options?: { dedupeKey?: string }): Promise<void>;
  /** Queues the interaction pipeline: audio merge of new recordings, CSR call downloads. */
  pipeline: PipelineQueue;
  /** The bot engines (test runs of the builder); server.ts builds them from the configuration. */
  botEngines: BotEngines;
  /** Queues bot runs: one pg-boss job per bot result. */
  botRuns: BotRunQueue;
  /** Queues the start job of a back-run. */
  backRuns: BackRunStartQueue;
  /** Queues a capacity check of one company (resumes paused work after a limit is raised). */
  capacityCheck?: CapacityCheckQueue;
  /** Card payments: Stripe when configured, else the built-in sandbox (createPaymentProvider). */
  payments: PaymentProvider;
  /** Queues CRM syncs (the sync engine, jobs/crm-sync.ts). */
  crmSync: CrmSyncQueue;
  /** The request log's destination instead of stdout (tests capture it). */
  logStream?: { write(line: string): void };
}

/** Registers plugins and each module's routes; the wiring of infrastructure is in server.ts. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    // Tokens in paths (verify links, storage keys) are longer than the default 100 characters.
    routerOptions: { maxParamLength: 600 },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const sessions = createSessionService({
    repo: createSessionRepo(database.db),
    timings: {
      idleMs: config.sessionIdleMs,
      absoluteMs: config.sessionAbsoluteMs,
      cacheMs: config.sessionCacheMs,
    },
  });
  const userRepo = createUserRepo(database.db);
  const profile = createProfileService({
    repo: userRepo,
    sessions,
    isOurFileUrl: (url) => storage.keyFromUrl(url) !== null,
    intercomSecret: config.intercomSecret,
  });
  const invitations = createInvitationsService({ repo: userRepo });
  const publishersRepo = createPublishersRepo(database.db);
  const publisherIdByCode = (code: string) => publishersRepo.idByCode(code);
  const auth = createAuthService({
    repo: userRepo,
    limiter: createLoginRateLimiter(createLoginAttemptStore(database.db), {
      maxAttempts: config.loginMaxAttempts,
      lockoutMs: config.loginLockoutMs,
      maxLockoutMs: Math.min(MAX_LOCKOUT_MS, config.loginWindowMs),
      windowMs: config.loginWindowMs,
      ipMaxAttempts: config.loginIpMaxAttempts,
      ipWindowMs: config.loginIpWindowMs,
    }),
    signupLimiter: createSignupLimiter(createSignupAttemptStore(database.db), {
      maxPerIp: config.signupMaxPerIp,
      windowMs: config.signupWindowMs,
    }),
    invitations,
    sessions,
    sendMail: deps.sendMail,
    appUrl: config.appUrl,
    publisherIdByCode,
  });
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

  await userRoutes(app, { auth, invitations, profile, sessions });
  await companyRoutes(app, {
    company: createCompanyService({
      repo: createCompanyRepo(database.db),
      isOurFileUrl: (url) => storage.keyFromUrl(url) !== null,
      loadUser: (userId) => profile.loadUser(userId),
      publisherIdByCode,
      forgetUser: (userId) => sessions.forgetUser(userId),
      capacityChanged: (companyId) => deps.capacityCheck?.check(companyId) ?? Promise.resolve(),
    }),
  });
  await capacityRoutes(app, {
    capacity: createCapacityService({
      db: database.db,
      pricePerMinuteCents: config.billing.pricePerMinuteCents,
    }),
  });
  await registerPaymentMethodsModule(app, {
    db: database.db,
    provider: deps.payments,
    forgetCompanyUsers: (companyId) => sessions.forgetCompany(companyId),
  });
  await teamRoutes(app, {
    team: createTeamService({
      repo: createTeamRepo(database.db),
      sendMail: deps.sendMail,
      appUrl: config.appUrl,
      forgetUser: (userId) => sessions.forgetUser(userId),
    }),
  });
  await registerIntegrationsModule(app, {
    db: database.db,
    config,
    crmSync: deps.crmSync,
    forgetCompanyUsers: (companyId) => sessions.forgetCompany(companyId),
  });
  registerCsrfCookieRoute(app, { sessions });
  await healthRoutes(app, { db: database.db });
  const botRunsRepo = createBotRunsRepo(database.db);
  await referenceDataRoutes(app, {
    referenceData: createReferenceDataService({
      repo: createReferenceDataRepo(database.db),
      companyBots: (companyId) => botRunsRepo.companyBots(companyId),
    }),
  });
  await addressRoutes(app, {
    address: createAddressService({
      provider: createAddressProvider(config, createAddressRepo(database.db)),
      searchesPerMinute: config.address.searchesPerMinute,
    }),
  });
  await publishersRoutes(app, {
    repo: publishersRepo,
    publishers: createPublishersService({
      repo: publishersRepo,
      isOurFileUrl: (url) => storage.keyFromUrl(url) !== null,
      forgetUser: (userId) => sessions.forgetUser(userId),
    }),
  });
  await publisherUsersRoutes(app, {
    publisherUsers: createPublisherUsersService({
      repo: createPublisherUsersRepo(database.db),
      sendMail: deps.sendMail,
      appUrl: config.appUrl,
      forgetUser: (userId) => sessions.forgetUser(userId),
      destroySessions: (userId) => sessions.destroyAllForUser(userId),
    }),
  });
  const uploadUrls = createUploadUrls(config.sessionSecret);
  await filesRoutes(app, {
    files: createFilesService({
      repo: createFilesRepo(database.db),
      storage,
      uploadUrls,
      uploadMaxBytes: config.uploadMaxBytes,
      quota: config.uploadQuota,
    }),
    storage,
    uploadUrls,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  await interactionsRoutes(app, {
    interactions: createInteractionsService({
      repo: createInteractionsRepo(database.db),
      storage,
    }),
  });
  await recordingRoutes(app, {
    recordings: createRecordingsService({
      repo: createRecordingsRepo(database.db),
      storage,
      pipeline: deps.pipeline,
    }),
  });
  const botMarks = createBotMarks(database.db);
  await registerBotsModule(app, {
    db: database.db,
    storage,
    engines: deps.botEngines,
    marks: botMarks,
  });
  await registerMarketplaceModule(app, {
    db: database.db,
    sendMail: deps.sendMail,
    appUrl: config.appUrl,
  });
  await registerClientsModule(app, { db: database.db });
  await registerDashboardsModule(app, { db: database.db, config });
  await botRunsRoutes(app, {
    botRuns: createBotRunsService({ repo: botRunsRepo, queue: deps.botRuns, marks: botMarks }),
  });
  await registerBotMarksModule(app, { marks: botMarks });
  await botBackRunsRoutes(app, {
    backRuns: createBotBackRunsService({
      repo: createBotBackRunsRepo(database.db),
      queue: deps.backRuns,
    }),
  });
  await analyticsRoutes(app, {
    analytics: createAnalyticsService({
      repo: createAnalyticsRepo(database.db),
      perUserHour: config.analyticsEventsPerUserHour,
    }),
  });
  await supportRoutes(app, {
    support: createSupportService({
      repo: createSupportRepo(database.db),
      sendMail: deps.sendMail,
      supportEmail: config.supportEmail,
      appUrl: config.appUrl,
    }),
    clientConfig: {
      posthog_key: config.posthog?.key ?? null,
      posthog_host: config.posthog?.host ?? null,
      intercom_app_id: config.intercomAppId ?? null,
    },
  });
  await registerBillingModule(app, {
    db: database.db,
    config,
    payments: deps.payments,
    sendMail: deps.sendMail,
    forgetUser: (userId) => sessions.forgetUser(userId),
    paymentStateChanged: async (companyId) => {
      await deps.capacityCheck?.check(companyId);
    },
  });
  return app;
}
