import {
  BOT_MARK_MESSAGES,
  type Bot,
  type BotDetail,
  type BotExample,
  type BotInput,
  type BotListItem,
  type BotListQuery,
  type PublishBotRequest,
  type PublishComparison,
  type User,
  botIcon,
} from '@fieldbot/shared';
import { DomainError, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { contentOfVersion, sameContent, type VersionContent } from './bot-content.js';
import { BOT_MESSAGES } from './bot-messages.js';
import { botView, fieldsOfInput, versionDeprecationView } from './bot-view.js';
import type { BotMarksService } from '../bot-marks/index.js';
import type { BotQueries, BotRow, BotVersionRow, BotsRepo } from './bots.repo.js';

/** Builds a published version's marketplace example (bot-example.ts). */
export type ExampleBuilder = (
  version: BotVersionRow,
  sampleId?: string,
) => Promise<BotExample | null>;

/** The publisher every bot route is scoped to; the route guard already allows publisher roles only. */
export function publisherIdOf(user: User): string {
  if (!user.publisher) throw forbidden();
  return user.publisher.id;
}

/** Ids that are not UUIDs name no bot: not found, like another publisher's bot. */
export function checkId(id: string): string {
  if (!isUuid(id)) throw notFound();
  return id;
}

/**
 * An archived bot keeps its versions (subscribed companies still run their pinned one) but is
 * never changed again.
 */
export function checkEditable(bot: BotRow): void {
  if (bot.status === 'archived') throw new DomainError(409, BOT_MESSAGES.archived);
}

/** The bot row locked for the transaction, or 404 for another publisher's or a missing bot. */
export async function lockOwnBot(q: BotQueries, user: User, id: string): Promise<BotRow> {
  const bot = await q.lock(publisherIdOf(user), checkId(id));
  if (!bot) throw notFound();
  return bot;
}

async function draftContent(q: BotQueries, bot: BotRow): Promise<VersionContent> {
  return {
    name: bot.name,
    prompt: bot.prompt,
    color: bot.color,
    trigger: bot.trigger,
    triggerEvent: bot.triggerEvent,
    outputTags: bot.outputTags,
    engine: bot.engine,
    referenceTexts: await q.fileTexts(bot.id),
  };
}

/**
 * After any change of the draft (its fields or reference files), inside the same transaction:
 * whether it now differs from the newest version. Editing back to the published content clears it.
 */
export async function refreshUnpublishedChanges(q: BotQueries, bot: BotRow): Promise<BotRow> {
  const latest = await q.latestVersion(bot.id);
  const changed = latest
    ? !sameContent(await draftContent(q, bot), contentOfVersion(latest))
    : true;
  return q.update(bot.id, { hasUnpublishedChanges: changed });
}

/** The draft against the newest version (null for a first version), on the labelled examples. */
type ComparePublish = (
  botId: string,
  draft: VersionContent,
  latest: BotVersionRow | null,
) => Promise<PublishComparison>;

export type BotsService = ReturnType<typeof createBotsService>;

export function createBotsService(deps: {
  repo: BotsRepo;
  marks: Pick<BotMarksService, 'accuracy' | 'worstMisses' | 'comparePublish'>;
  buildExample?: ExampleBuilder;
}) {
  const { repo, marks } = deps;

  const compare: ComparePublish = (botId, draft, latest) =>
    marks.comparePublish(botId, draft, latest);

  async function ownBot(user: User, id: string): Promise<BotRow> {
    const bot = await repo.find(publisherIdOf(user), checkId(id));
    if (!bot) throw notFound();
    return bot;
  }

  const view = async (bot: BotRow): Promise<Bot> => botView(bot, await repo.fileSummaries(bot.id));

  return {
    view,

    async list(user: User, query: BotListQuery): Promise<{ items: BotListItem[]; count: number }> {
      const { items, count } = await repo.list(publisherIdOf(user), query);
      return {
        count,
        items: items.map((b) => ({
          id: b.id,
          name: b.name,
          description: b.description,
          color: b.color,
          icon: botIcon(b.color),
          trigger: b.trigger,
          trigger_event: b.triggerEvent,
          engine: b.engine,
          visibility: b.visibility,
          status: b.status,
          latest_version: b.latestVersion,
          updated_at: b.updatedAt.toISOString(),
          companies_count: b.companiesCount,
        })),
      };
    },

    async create(user: User, input: BotInput): Promise<Bot> {
      const bot = await repo.insert(publisherIdOf(user), user.id, fieldsOfInput(input));
      return botView(bot, []);
    },

    async detail(user: User, id: string): Promise<BotDetail> {
      const bot = await ownBot(user, id);
      const [files, versions, companies] = await Promise.all([
        repo.fileSummaries(bot.id),
        repo.versions(bot.id),
        repo.companies(bot.id),
      ]);
      const [accuracy, worstMisses] = await Promise.all([
        marks.accuracy(bot.id, versions),
        marks.worstMisses(bot.id, versions),
      ]);
      return {
        ...botView(bot, files),
        versions: versions.map((v) => ({
          number: v.number,
          changelog: v.changelog,
          engine: v.engine,
          published_at: v.publishedAt.toISOString(),
          published_by: v.publishedBy,
          companies_count: v.companiesCount,
          feedback: { correct: v.correct, wrong: v.wrong },
          tag_accuracy: accuracy.get(v.id) ?? [],
          deprecation: versionDeprecationView(v),
        })),
        worst_misses: worstMisses,
        companies,
      };
    },

    async update(user: User, id: string, input: BotInput): Promise<Bot> {
      const bot = await repo.transaction(async (q) => {
        const current = await lockOwnBot(q, user, id);
        checkEditable(current);
        return refreshUnpublishedChanges(q, await q.update(current.id, fieldsOfInput(input)));
      });
      return view(bot);
    },

    /** POST …/publish-preview: what publishing the draft now would compare, without publishing. */
    async publishPreview(user: User, id: string): Promise<PublishComparison> {
      const bot = await ownBot(user, id);
      return compare(bot.id, await draftContent(repo, bot), await repo.latestVersion(bot.id));
    },

    /**
     * Freezes the draft as the next version. The bot row is locked first, so concurrent publishes
     * of one bot run one after the other: the second sees the first's version and either numbers
     * itself after it or finds nothing left to publish (bot_versions is also unique per number).
     * Once committed, the version's marketplace example is run and stored; without one (no
     * sample, engine failure) the version is published all the same.
     *
     * A draft that does worse than the newest version on the labelled examples is published only
     * with `confirm_drop`; otherwise a 409 carries the comparison and nothing is written. The
     * comparison runs before the lock (it is CPU work, not to be done holding the row and a
     * transaction) and again under it only when the draft or the newest version changed since.
     */
    async publish(user: User, id: string, request: PublishBotRequest): Promise<Bot> {
      const unlocked = await ownBot(user, id);
      const compared = {
        content: await draftContent(repo, unlocked),
        latest: await repo.latestVersion(unlocked.id),
      };
      const comparison = request.confirm_drop
        ? null
        : await compare(unlocked.id, compared.content, compared.latest);
      const { bot, version } = await repo.transaction(async (q) => {
        const current = await lockOwnBot(q, user, id);
        checkEditable(current);
        const content = await draftContent(q, current);
        const latest = await q.latestVersion(current.id);
        if (latest && sameContent(content, contentOfVersion(latest))) {
          throw new DomainError(422, BOT_MESSAGES.nothingChanged(latest.number));
        }
        if (comparison) {
          const unchanged =
            sameContent(content, compared.content) && latest?.id === compared.latest?.id;
          const outcome = unchanged ? comparison : await compare(current.id, content, latest);
          if (outcome.dropped) {
            throw new DomainError(409, BOT_MARK_MESSAGES.accuracyDrop, { data: outcome });
          }
        }
        const version = await q.insertVersion({
          botId: current.id,
          number: (latest?.number ?? 0) + 1,
          ...content,
          changelog: request.changelog,
          publishedById: user.id,
        });
        const updated = await q.update(current.id, {
          latestVersion: version.number,
          status: 'published',
          hasUnpublishedChanges: false,
          publishedAt: version.publishedAt,
        });
        return { bot: updated, version };
      });
      const example = await deps.buildExample?.(version, request.sample_id);
      if (example) await repo.setExample(version.id, example);
      return view(bot);
    },

    /**
     * Archived bots leave the publisher's active list and are not offered for new subscriptions;
     * companies already subscribed keep running the version they are pinned to. Archiving twice
     * is harmless.
     */
    async archive(user: User, id: string): Promise<Bot> {
      const bot = await repo.transaction(async (q) => {
        const current = await lockOwnBot(q, user, id);
        if (current.status === 'archived') return current;
        return q.update(current.id, { status: 'archived' });
      });
      return view(bot);
    },
  };
}
