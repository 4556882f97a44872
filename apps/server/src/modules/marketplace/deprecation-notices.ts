import { MARKETPLACE_MESSAGES, ROLE } from '@fieldbot/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { botVersions, bots, companyBots, roles, users } from '../../db/schema/index.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/index.js';

/** Queues an e-mail; a dedupe key already queued is not queued again. */
export type DedupedMailer = (message: MailMessage, options: { dedupeKey: string }) => Promise<void>;

export type DeprecationNotifier = ReturnType<typeof createDeprecationNotifier>;

/**
 * When a version is deprecated, each admin of each company pinned to it gets one
 * e-mail. Runs after the deprecation commits and again from the daily retirement job for any
 * version not yet marked notified (a crash in between); each mail carries a dedupe key per version
 * and admin, and deprecation_notified_at is set only once every mail is queued.
 */
export function createDeprecationNotifier(deps: {
  db: Db;
  sendMail: DedupedMailer;
  appUrl: string;
}) {
  const { db } = deps;

  async function notify(versionId: string): Promise<number> {
    const [version] = await db
      .select({
        botId: botVersions.botId,
        botName: bots.name,
        number: botVersions.number,
        newest: bots.latestVersion,
        retiresOn: botVersions.retiresOn,
        note: botVersions.deprecationNote,
      })
      .from(botVersions)
      .innerJoin(bots, eq(bots.id, botVersions.botId))
      .where(
        and(
          eq(botVersions.id, versionId),
          isNotNull(botVersions.deprecatedAt),
          isNull(botVersions.deprecationNotifiedAt),
        ),
      )
      .limit(1);
    if (!version?.retiresOn) return 0;
    const admins = await db
      .selectDistinct({ id: users.id, email: users.email })
      .from(companyBots)
      .innerJoin(users, eq(users.companyId, companyBots.companyId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(companyBots.versionId, versionId), eq(roles.alias, ROLE.COMPANY_ADMIN)));
    const banner = MARKETPLACE_MESSAGES.deprecationBanner(
      version.botName,
      version.number,
      version.retiresOn,
      version.newest ?? version.number,
    );
    const link = `${deps.appUrl}/marketplace/bot/${version.botId}`;
    const lines = [banner, ...(version.note ? [version.note] : []), `See the bot: ${link}`];
    for (const admin of admins) {
      await deps.sendMail(
        {
          to: admin.email,
          subject: `${version.botName} v${version.number} is deprecated`,
          text: `${lines.join('\n\n')}\n`,
          html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
        },
        { dedupeKey: `bot-deprecation:${versionId}:${admin.id}` },
      );
    }
    await db
      .update(botVersions)
      .set({ deprecationNotifiedAt: sql`now()` })
      .where(and(eq(botVersions.id, versionId), isNull(botVersions.deprecationNotifiedAt)));
    return admins.length;
  }

  return {
    notify,
    /** Versions deprecated but not yet marked notified (the job's sweep). */
    async notifyPending(): Promise<number> {
      const pending = await db
        .select({ id: botVersions.id })
        .from(botVersions)
        .where(and(isNotNull(botVersions.deprecatedAt), isNull(botVersions.deprecationNotifiedAt)));
      let sent = 0;
      for (const { id } of pending) sent += await notify(id);
      return sent;
    },
  };
}
