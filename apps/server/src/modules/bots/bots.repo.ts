import { PAGE_SIZE, type BotExample, type BotListQuery } from '@fieldbot/shared';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  botFiles,
  botResultFeedback,
  botVersions,
  bots,
  companies,
  companyBots,
  uploadedFiles,
  users,
} from '../../db/schema/index.js';
import { likePattern } from '../../lib/sql-like.js';

/** The queries; inside a transaction the same set, bound to it. */
export type BotQueries = ReturnType<typeof botQueries>;
export interface BotsRepo extends BotQueries {
  /** Runs `work` in one transaction, with the queries bound to it. */
  transaction<T>(work: (repo: BotQueries) => Promise<T>): Promise<T>;
}
export type BotRow = typeof bots.$inferSelect;
export type BotVersionRow = typeof botVersions.$inferSelect;
export type NewBotFields = Omit<
  typeof bots.$inferInsert,
  'id' | 'publisherId' | 'status' | 'latestVersion' | 'createdAt' | 'updatedAt'
>;

/** A reference file as views list it: its text is counted, not loaded. */
export interface BotFileSummary {
  id: string;
  name: string;
  sizeBytes: number;
  textChars: number;
}

const companiesOfBot = (botId: SQL | typeof bots.id) =>
  sql<number>`(select count(*)::int from ${companyBots} where ${companyBots.botId} = ${botId})`;

export function createBotsRepo(db: Db): BotsRepo {
  return {
    ...botQueries(db),
    transaction: (work) => db.transaction((tx) => work(botQueries(tx))),
  };
}

const ownBot = (publisherId: string, id: string) =>
  and(eq(bots.id, id), eq(bots.publisherId, publisherId));

function botQueries(db: Db) {
  return {
    async list(publisherId: string, query: BotListQuery) {
      const conditions: SQL[] = [eq(bots.publisherId, publisherId)];
      if (query.status) conditions.push(eq(bots.status, query.status));
      if (query.trigger) conditions.push(eq(bots.trigger, query.trigger));
      if (query.visibility) conditions.push(eq(bots.visibility, query.visibility));
      if (query.keyword) {
        const pattern = likePattern(query.keyword);
        conditions.push(or(ilike(bots.name, pattern), ilike(bots.description, pattern))!);
      }
      const where = and(...conditions);
      const [items, [total]] = await Promise.all([
        db
          .select({
            id: bots.id,
            name: bots.name,
            description: bots.description,
            color: bots.color,
            trigger: bots.trigger,
            triggerEvent: bots.triggerEvent,
            engine: bots.engine,
            visibility: bots.visibility,
            status: bots.status,
            latestVersion: bots.latestVersion,
            updatedAt: bots.updatedAt,
            companiesCount: companiesOfBot(bots.id),
          })
          .from(bots)
          .where(where)
          // bots_publisher_updated_idx / bots_publisher_status_idx: newest edits first.
          .orderBy(desc(bots.updatedAt), desc(bots.id))
          .limit(PAGE_SIZE)
          .offset((query.page - 1) * PAGE_SIZE),
        db.select({ n: count() }).from(bots).where(where),
      ]);
      return { items, count: total?.n ?? 0 };
    },

    async find(publisherId: string, id: string): Promise<BotRow | null> {
      const [row] = await db.select().from(bots).where(ownBot(publisherId, id)).limit(1);
      return row ?? null;
    },

    /** The bot row locked until the transaction ends: publishes and edits of one bot queue up. */
    async lock(publisherId: string, id: string): Promise<BotRow | null> {
      const [row] = await db
        .select()
        .from(bots)
        .where(ownBot(publisherId, id))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    async insert(publisherId: string, createdById: string, fields: NewBotFields) {
      const [row] = await db
        .insert(bots)
        .values({ ...fields, publisherId, createdById, status: 'draft', latestVersion: null })
        .returning();
      return row!;
    },

    async update(id: string, fields: Partial<typeof bots.$inferInsert>) {
      const [row] = await db
        .update(bots)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(bots.id, id))
        .returning();
      return row!;
    },

    async fileSummaries(botId: string): Promise<BotFileSummary[]> {
      return db
        .select({
          id: botFiles.id,
          name: botFiles.name,
          sizeBytes: botFiles.sizeBytes,
          textChars: sql<number>`char_length(${botFiles.text})::int`,
        })
        .from(botFiles)
        .where(eq(botFiles.botId, botId))
        .orderBy(asc(botFiles.createdAt), asc(botFiles.name));
    },

    async fileTexts(botId: string) {
      return db
        .select({ file_id: botFiles.id, name: botFiles.name, text: botFiles.text })
        .from(botFiles)
        .where(eq(botFiles.botId, botId))
        .orderBy(asc(botFiles.createdAt), asc(botFiles.name));
    },

    async insertFile(values: typeof botFiles.$inferInsert) {
      const [row] = await db.insert(botFiles).values(values).returning({ id: botFiles.id });
      return row!;
    },

    /** True when the file was the bot's and is gone. */
    async deleteFile(botId: string, fileId: string): Promise<boolean> {
      const rows = await db
        .delete(botFiles)
        .where(and(eq(botFiles.id, fileId), eq(botFiles.botId, botId)))
        .returning({ id: botFiles.id });
      return rows.length > 0;
    },

    /** A finished upload of this user, found by its storage key. */
    async uploadOf(userId: string, path: string) {
      const [row] = await db
        .select({
          path: uploadedFiles.path,
          folder: uploadedFiles.folder,
          status: uploadedFiles.status,
          size: uploadedFiles.size,
          contentType: uploadedFiles.contentType,
        })
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.path, path), eq(uploadedFiles.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async latestVersion(botId: string): Promise<BotVersionRow | null> {
      const [row] = await db
        .select()
        .from(botVersions)
        .where(eq(botVersions.botId, botId))
        .orderBy(desc(botVersions.number))
        .limit(1);
      return row ?? null;
    },

    async setExample(versionId: string, example: BotExample) {
      await db.update(botVersions).set({ example }).where(eq(botVersions.id, versionId));
    },

    async insertVersion(values: typeof botVersions.$inferInsert) {
      const [row] = await db.insert(botVersions).values(values).returning();
      return row!;
    },

    /** Newest first, each with the companies pinned to it and its reviewers' marks. */
    async versions(botId: string) {
      const pinned = sql<number>`(select count(*)::int from ${companyBots} where ${companyBots.versionId} = ${botVersions.id})`;
      const marks = (verdict: 'correct' | 'wrong') =>
        sql<number>`(select count(*)::int from ${botResultFeedback} where ${botResultFeedback.versionId} = ${botVersions.id} and ${botResultFeedback.verdict} = ${verdict})`;
      return db
        .select({
          id: botVersions.id,
          number: botVersions.number,
          outputTags: botVersions.outputTags,
          changelog: botVersions.changelog,
          engine: botVersions.engine,
          publishedAt: botVersions.publishedAt,
          publishedBy: users.name,
          companiesCount: pinned,
          correct: marks('correct'),
          wrong: marks('wrong'),
          deprecatedAt: botVersions.deprecatedAt,
          retiresOn: botVersions.retiresOn,
          note: botVersions.deprecationNote,
        })
        .from(botVersions)
        .leftJoin(users, eq(users.id, botVersions.publishedById))
        .where(eq(botVersions.botId, botId))
        .orderBy(desc(botVersions.number));
    },

    /** Companies that may run the bot, with the version number each is pinned to. */
    async companies(botId: string) {
      return db
        .select({ id: companies.id, name: companies.name, version: botVersions.number })
        .from(companyBots)
        .innerJoin(companies, eq(companies.id, companyBots.companyId))
        .innerJoin(botVersions, eq(botVersions.id, companyBots.versionId))
        .where(eq(companyBots.botId, botId))
        .orderBy(asc(companies.name), asc(companies.id));
    },
  };
}
