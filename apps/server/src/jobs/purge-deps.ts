import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { createSessionRepo, createSessionService } from '../modules/session/index.js';
import type { PurgeDeps } from './purge-expired.js';

export function purgeDeps(config: AppConfig, db: Db): PurgeDeps {
  return {
    db,
    sessions: createSessionService({
      repo: createSessionRepo(db),
      timings: { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs },
    }),
    loginWindowMs: config.loginWindowMs,
    auditLogRetentionDays: config.auditLogRetentionDays,
  };
}
