import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { createCompanyRepo } from './modules/company/company.repo.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { createCompanyService } from './modules/company/company.service.js';
import { createDataRepo } from './modules/data/data.repo.js';
import { dataRoutes } from './modules/data/data.routes.js';
import { createDataService } from './modules/data/data.service.js';
import { createInteractionsRepo } from './modules/interactions/interactions.repo.js';
import { interactionsRoutes } from './modules/interactions/interactions.routes.js';
import { createInteractionsService } from './modules/interactions/interactions.service.js';
import { PER_IP_FACTOR, createLoginRateLimiter } from './modules/user/rate-limit.js';
import { createLoginAttemptStore, createUserRepo } from './modules/user/user.repo.js';
import { userRoutes } from './modules/user/user.routes.js';
import { createUserService } from './modules/user/user.service.js';
import { registerAuthGuard } from './plugins/auth-guard.js';
import { registerCsrf } from './plugins/csrf.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerErrorHandling } from './plugins/errors.js';
import { loggerOptions } from './plugins/logging.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerSessions } from './plugins/session.js';
import { createSessionRepo } from './modules/session/session.repo.js';
import { createSessionService } from './modules/session/session.service.js';
import type { PipelineQueue } from './jobs/pipeline.js';
import { createRecordingsRepo } from './modules/recordings/recordings.repo.js';
import { recordingRoutes } from './modules/recordings/recordings.routes.js';
import { createRecordingsService } from './modules/recordings/recordings.service.js';
import type { MailMessage } from './providers/mail/index.js';
import type { StorageProvider } from './providers/storage/index.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  storage: StorageProvider;
  /** Queues an e-mail (pg-boss send-email). */
  sendMail(message: MailMessage): Promise<void>;
  /** Queues the interaction pipeline: audio merge of new recordings, CSR call downloads. */
  pipeline: PipelineQueue;
}

/** Registers plugins and each module's routes; the wiring of infrastructure is in server.ts. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
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
  const users = createUserService({
    repo: userRepo,
    limiter: createLoginRateLimiter(createLoginAttemptStore(database.db), {
      maxAttempts: config.loginMaxAttempts,
      maxAttemptsPerIp: config.loginMaxAttempts * PER_IP_FACTOR,
      windowMs: config.loginWindowMs,
    }),
    sessions,
    sendMail: deps.sendMail,
    isOurFileUrl: (url) => storage.keyFromUrl(url) !== null,
    appUrl: config.appUrl,
    intercomSecret: config.intercomSecret,
  });
  const dataRepo = createDataRepo(database.db);

  registerErrorHandling(app);
  await registerSecurityHeaders(app, {
    https: config.appUrl.startsWith('https://'),
    extraImgSources: config.s3 ? [new URL(config.s3.endpoint).origin] : [],
  });
  await app.register(cookie);
  // Order matters: session, then CSRF, then the guard; all run before the body is read.
  registerSessions(app, { sessions });
  registerCsrf(app);
  registerInputGuard(app);
  registerAuthGuard(app, { userFromProfile: (profile) => users.userFromProfile(profile) });

  await userRoutes(app, { users, sessions });
  await companyRoutes(app, {
    company: createCompanyService({ repo: createCompanyRepo(database.db) }),
  });
  await dataRoutes(app, {
    data: createDataService({ repo: dataRepo, storage }),
    repo: dataRepo,
    sessions,
    storage,
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
  return app;
}
