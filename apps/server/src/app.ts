import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import {
  analyticsRoutes,
  createAnalyticsRepo,
  createAnalyticsService,
} from './modules/analytics/index.js';
import { type CrmSyncQueue, registerIntegrationsModule } from './modules/integrations/index.js';
import { registerBotsModule } from './modules/bots/index.js';
import { createBotMarks, registerBotMarksModule } from './modules/bot-marks/index.js';
import { registerMarketplaceModule } from './modules/marketplace/index.js';
import { registerClientsModule } from './modules/clients/index.js';
import { registerDashboardsModule } from './modules/dashboards/index.js';
import { capacityRoutes, createCapacityService } from './modules/capacity/index.js';
import { registerPaymentMethodsModule } from './modules/payment-methods/index.js';
import { companyRoutes, createCompanyRepo, createCompanyService } from './modules/company/index.js';
import { createTeamRepo, createTeamService, teamRoutes } from './modules/team/index.js';
import {
  createFilesRepo,
  createFilesService,
  createUploadUrls,
  filesRoutes,
} from './modules/files/index.js';
import { healthRoutes } from './modules/health/index.js';
import { registerBillingModule } from './modules/billing/index.js';
import {
  type BackRunStartQueue,
  botBackRunsRoutes,
  createBotBackRunsRepo,
  createBotBackRunsService,
} from './modules/bot-back-runs/index.js';
import {
  type BotRunQueue,
  botRunsRoutes,
  createBotRunsRepo,
  createBotRunsService,
} from './modules/bot-runs/index.js';
import {
  createPublishersRepo,
  createPublishersService,
  publishersRoutes,
} from './modules/publishers/index.js';
import {
  createPublisherUsersRepo,
  createPublisherUsersService,
  publisherUsersRoutes,
} from './modules/publisher-users/index.js';
import {
  createReferenceDataRepo,
  createReferenceDataService,
  referenceDataRoutes,
} from './modules/reference-data/index.js';
import { addressRoutes, createAddressRepo, createAddressService } from './modules/address/index.js';
import { createAddressProvider } from './providers/address/index.js';
import {
  createInteractionsRepo,
  createInteractionsService,
  interactionsRoutes,
} from './modules/interactions/index.js';
import {
  createAuthService,
  createInvitationsService,
  createLoginAttemptStore,
  createLoginRateLimiter,
  createProfileService,
  createSignupAttemptStore,
  createSignupLimiter,
  createUserRepo,
  MAX_LOCKOUT_MS,
  userRoutes,
} from './modules/user/index.js';
import { registerAuthGuard } from './plugins/auth-guard.js';
import { registerCsrf, registerCsrfCookieRoute } from './plugins/csrf.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerErrorHandling } from './plugins/errors.js';
import { loggerOptions } from './plugins/logging.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerSessions } from './plugins/session.js';
import { createSessionRepo, createSessionService } from './modules/session/index.js';
import type { CapacityCheckQueue } from './jobs/capacity-check.js';
import {
  createRecordingsRepo,
  createRecordingsService,
  type PipelineQueue,
  recordingRoutes,
} from './modules/recordings/index.js';
import {
  createSupportRepo,
  createSupportService,
  supportRoutes,
  thirdPartyCspSources,
} from './modules/support/index.js';
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
