import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import {
  createDeprecationNotifier,
  retireVersionsDue,
  type DedupedMailer,
} from '../modules/marketplace/index.js';

/**
 * Once a day, pins on versions whose retires_on (UTC) has come move to the newest version of the
 * bot and the version is marked retired (modules/marketplace retireVersionsDue). The same run
 * queues deprecation e-mails a crash left unsent.
 */
export const BOT_RETIREMENT_QUEUE = 'bot-retirement';
/** 00:15 UTC: just after the day turns, so a pin never runs a retired version for long. */
export const BOT_RETIREMENT_CRON = '15 0 * * *';

export interface RetirementOutcome {
  versionsRetired: number;
  pinsMoved: number;
  mailsQueued: number;
}

export async function retireDueVersions(
  deps: { db: Db; sendMail: DedupedMailer; appUrl: string },
  now: Date = new Date(),
): Promise<RetirementOutcome> {
  const mailsQueued = await createDeprecationNotifier(deps).notifyPending();
  const { versionsRetired, pinsMoved } = await retireVersionsDue(deps.db, now);
  return { versionsRetired, pinsMoved, mailsQueued };
}

export async function createBotRetirementQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(BOT_RETIREMENT_QUEUE, {
    name: BOT_RETIREMENT_QUEUE,
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 300,
  });
}

export async function registerBotRetirementWorker(
  boss: PgBoss,
  deps: { db: Db; sendMail: DedupedMailer; appUrl: string; logger: Logger },
): Promise<void> {
  // Cluster-wide: pg-boss schedules run once across all worker processes.
  await boss.schedule(BOT_RETIREMENT_QUEUE, BOT_RETIREMENT_CRON);
  await boss.work(BOT_RETIREMENT_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const outcome = await retireDueVersions(deps);
    if (outcome.versionsRetired > 0 || outcome.mailsQueued > 0) {
      deps.logger.info({ ...outcome }, 'bot versions retired');
    }
  });
}
