import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { createSessionStore } from '../plugins/session-store.js';
import type { PurgeDeps } from './purge-expired.js';

export function purgeDeps(config: AppConfig, db: Db): PurgeDeps {
  return {
    db,
    sessions: createSessionStore(db, {
      idleMs: config.sessionIdleMs,
      absoluteMs: config.sessionAbsoluteMs,
    }),
    loginWindowMs: config.loginWindowMs,
  };
}
