import { LIST_COUNT_CAP, PAGE_SIZE, type MarketplaceBotListQuery } from '@fieldbot/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  botRatings,
  botVersions,
  bots,
  companies,
  companyBots,
  publisherClients,
  publishers,
} from '../../db/schema/index.js';
import { createPreparedStatements } from '../../lib/prepared-statements.js';
import { likePattern } from '../../lib/sql-like.js';

const pinned = alias(botVersions, 'pinned_version');

/**
 * Marketplace sorts; each goes its natural way unless the query names a direction. subscribers_
 * count is NOT NULL, so 'popular' sorts without NULLS LAST and ties by id the same way: a scan of
 * bots_market_popular_idx (either direction) then gives the order and stops after the page.
 */
const SORTS = {
  popular: { column: bots.subscribersCount, natural: 'desc', nullable: false },
  rating: {
    column: sql`${bots.ratingSum}::float8 / nullif(${bots.ratingCount}, 0)`,
    natural: 'desc',
    nullable: true,
  },
  name: { column: sql`lower(${bots.name})`, natural: 'asc', nullable: false },
  price: {
    column: sql`${bots.pricePerRunCents} * (100 + coalesce(${publisherClients.markupPercent}, ${publishers.markupPercent}))`,
    natural: 'asc',
    nullable: false,
  },
  newest: { column: bots.publishedAt, natural: 'desc', nullable: true },
} as const;

/** A query that runs with its placeholders' values: prepared, or built for this one run. */
type Executable<R> = { execute(values: Record<string, unknown>): Promise<R> };

/** A company's id, as a value or as the parameter of a prepared statement. */
type CompanyRef = string | Placeholder;

/** The list's parameters; which of them a statement reads depends on its shape (listShape). */
const param = {
  companyId: sql.placeholder('companyId'),
  trigger: sql.placeholder('trigger'),
  publisherId: sql.placeholder('publisherId'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  depth: sql.placeholder('depth'),
  countLimit: sql.placeholder('countLimit'),
};

/** What changes the list's SQL text: the filters present and the sort (values are parameters). */
function listShape(query: MarketplaceBotListQuery): string {
  return [
    query.trigger ? 'trigger' : '',
    query.publisher_id ? 'publisher' : '',
    query.subscribed ? `subscribed_${query.subscribed}` : '',
    query.keyword ? 'keyword' : '',
  ].join('_');
}

export type MarketplaceRepo = ReturnType<typeof marketplaceQueries> & {
  transaction<T>(work: (q: MarketplaceQueries) => Promise<T>): Promise<T>;
};
export type MarketplaceQueries = ReturnType<typeof marketplaceQueries>;
export type MarketplaceBotRow = Awaited<ReturnType<MarketplaceQueries['list']>>['items'][number];

export function createMarketplaceRepo(db: Db): MarketplaceRepo {
  return {
    ...marketplaceQueries(db),
    transaction: (work) => db.transaction((tx) => work(marketplaceQueries(tx))),
  };
}

function marketplaceQueries(db: Db) {
  /**
   * Only published bots with a version; private ones only for the publisher's clients. The
   * client test is a (hashed) subquery rather than a join, so a count or a page of ids reads
   * bots alone.
   */
  const visible = (companyId: CompanyRef) =>
    and(
      eq(bots.status, 'published'),
      isNotNull(bots.latestVersion),
      or(
        ne(bots.visibility, 'private'),
        inArray(
          bots.publisherId,
          db
            .select({ id: publisherClients.publisherId })
            .from(publisherClients)
            .where(eq(publisherClients.companyId, companyId)),
        ),
      ),
    )!;

  /** Bots as the company sees them: its markup override and its subscription joined in. */
  const botsSeenBy = (companyId: CompanyRef) =>
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
        outputTags: bots.outputTags,
        pricePerRunCents: bots.pricePerRunCents,
        subscribersCount: bots.subscribersCount,
        ratingSum: bots.ratingSum,
        ratingCount: bots.ratingCount,
        latestVersion: bots.latestVersion,
        publishedAt: sql<Date>`coalesce(${bots.publishedAt}, ${bots.updatedAt})`.mapWith(
          bots.publishedAt,
        ),
        publisherId: publishers.id,
        publisherName: publishers.name,
        publisherLogo: publishers.logo,
        defaultMarkup: publishers.markupPercent,
        clientMarkup: publisherClients.markupPercent,
        pinnedVersion: pinned.number,
        subscribedAt: companyBots.subscribedAt,
        pinnedRetiresOn: pinned.retiresOn,
      })
      .from(bots)
      .innerJoin(publishers, eq(publishers.id, bots.publisherId))
      .leftJoin(
        publisherClients,
        and(
          eq(publisherClients.publisherId, bots.publisherId),
          eq(publisherClients.companyId, companyId),
        ),
      )
      .leftJoin(
        companyBots,
        and(eq(companyBots.botId, bots.id), eq(companyBots.companyId, companyId)),
      )
      .leftJoin(pinned, eq(pinned.id, companyBots.versionId));

  /**
   * `where` reads bots only (see listConditions), so counting needs no join. With `atMost`, the
   * scan stops after that many matches: the list asks for one more than it shows, which says
   * more match.
   */
  const countVisible = (where: SQL, atMost?: Placeholder) => {
    const matches = db
      .select({ one: sql`1` })
      .from(bots)
      .where(where)
      .$dynamic();
    if (atMost) matches.limit(atMost);
    return db.select({ n: count() }).from(matches.as('matches'));
  };

  /**
   * The price sort's page ids without sorting every listed bot: bots of publishers without a
   * markup override for this company come in bots_market_price_idx order (price at the default
   * markup, kept by triggers), the few overridden publishers' bots are priced here, and the two
   * ordered streams are merged for the page.
   */
  const pricePageIds = (where: SQL, direction: 'asc' | 'desc') => {
    const dir = sql.raw(direction);
    const overridden = and(
      eq(publisherClients.companyId, param.companyId),
      isNotNull(publisherClients.markupPercent),
    );
    const { depth } = param;
    return sql`select id from (
      (select ${bots.id} as id, ${bots.marketPriceKey} as price from ${bots}
        where ${where} and ${bots.publisherId} not in (
          select ${publisherClients.publisherId} from ${publisherClients} where ${overridden})
        order by ${bots.marketPriceKey} ${dir}, ${bots.id} ${dir} limit ${depth})
      union all
      (select ${bots.id}, ${bots.pricePerRunCents}::bigint * (100 + ${publisherClients.markupPercent})
        from ${bots} join ${publisherClients} on ${publisherClients.publisherId} = ${bots.publisherId}
        where ${where} and ${overridden}
        order by 2 ${dir}, 1 ${dir} limit ${depth})
    ) merged order by price ${dir}, id ${dir} limit ${PAGE_SIZE} offset ${param.offset}`;
  };

  /** The list's filters on bots alone: keyword, trigger, publisher, subscribed. */
  const listConditions = (query: MarketplaceBotListQuery) => {
    const conditions: SQL[] = [visible(param.companyId)];
    if (query.trigger) conditions.push(eq(bots.trigger, param.trigger));
    if (query.publisher_id) conditions.push(eq(bots.publisherId, param.publisherId));
    if (query.subscribed) {
      const mine = db
        .select({ id: companyBots.botId })
        .from(companyBots)
        .where(eq(companyBots.companyId, param.companyId));
      conditions.push(
        query.subscribed === 'true' ? inArray(bots.id, mine) : notInArray(bots.id, mine),
      );
    }
    if (query.keyword) {
      const pattern = param.pattern;
      // The publisher's name is matched over publishers (1 row each), not once per bot; as
      // `= any(array(…))` each arm of the OR can use its index (name and description: trigram
      // GIN; publisher: bots_market_listing_idx), so the planner ORs three bitmap scans.
      conditions.push(
        or(
          ilike(bots.name, pattern),
          ilike(bots.description, pattern),
          sql`${bots.publisherId} = any(array(select ${publishers.id} from ${publishers} where ${publishers.name} ilike ${pattern}))`,
        )!,
      );
    }
    return and(...conditions)!;
  };

  /** One page of the list: its ids are chosen over bots alone, then joined to what it shows. */
  const pageQuery = (where: SQL, query: MarketplaceBotListQuery, direction: 'asc' | 'desc') => {
    const sort = SORTS[query.sort_by];
    const order = sort.nullable ? sql.raw(`${direction} nulls last`) : sql.raw(direction);
    const orderBy = [sql`${sort.column} ${order}`, sql`${bots.id} ${sql.raw(direction)}`];
    const pageIds =
      query.sort_by === 'price'
        ? pricePageIds(where, direction)
        : db
            .select({ id: bots.id })
            .from(bots)
            .where(where)
            .orderBy(...orderBy)
            .limit(PAGE_SIZE)
            .offset(param.offset);
    return botsSeenBy(param.companyId)
      .where(sql`${bots.id} in (${pageIds})`)
      .orderBy(...orderBy);
  };

  // The list is the marketplace's most-read query: prepared per shape, it is neither rebuilt by
  // Drizzle nor planned by PostgreSQL on every request (planning took longer than running it).
  const statement = createPreparedStatements();

  const ratingsWithCompany = () =>
    db
      .select({
        companyId: botRatings.companyId,
        companyName: companies.name,
        rating: botRatings.rating,
        comment: botRatings.comment,
        createdAt: botRatings.createdAt,
        updatedAt: botRatings.updatedAt,
        reply: botRatings.reply,
        repliedAt: botRatings.repliedAt,
      })
      .from(botRatings)
      .innerJoin(companies, eq(companies.id, botRatings.companyId));

  return {
    /** One company's rating of a bot as the ratings list shows it. */
    async ratingItem(companyId: string, botId: string) {
      const [row] = await ratingsWithCompany()
        .where(and(eq(botRatings.companyId, companyId), eq(botRatings.botId, botId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * One page: the page's ids are chosen over bots alone (plus the markup for the price sort),
     * then only those rows are joined to what the page shows.
     */
    async list(companyId: string, query: MarketplaceBotListQuery) {
      const shape = listShape(query);
      const direction = query.sort_direction ?? SORTS[query.sort_by].natural;
      const offset = (query.page - 1) * PAGE_SIZE;
      const atMost = offset + LIST_COUNT_CAP;
      const values = {
        companyId,
        trigger: query.trigger,
        publisherId: query.publisher_id,
        pattern: query.keyword ? likePattern(query.keyword) : undefined,
        offset,
        depth: query.page * PAGE_SIZE,
        countLimit: atMost + 1,
      };
      // The filters, built once for both statements (and only when a statement is built).
      let conditions: SQL | undefined;
      const where = () => (conditions ??= listConditions(query));
      // A keyword search is planned for its pattern: a generic plan cannot tell a rare word from
      // a common one (measured 2x slower prepared), so it runs as an unnamed statement.
      const run = <R>(
        name: string,
        build: () => Executable<R> & { prepare(name: string): Executable<R> },
      ): Executable<R> => (query.keyword ? build() : statement(name, build));
      const [items, [counted]] = await Promise.all([
        run(`marketplace_page_${query.sort_by}_${direction}_${shape}`, () =>
          pageQuery(where(), query, direction),
        ).execute(values),
        run(`marketplace_count_${shape}`, () => countVisible(where(), param.countLimit)).execute(
          values,
        ),
      ]);
      const n = counted?.n ?? 0;
      return { items, count: Math.min(n, atMost), capped: n > atMost };
    },

    /** A marketplace bot the company may see, or null. */
    async find(companyId: string, botId: string) {
      const [row] = await botsSeenBy(companyId)
        .where(and(visible(companyId), eq(bots.id, botId)))
        .limit(1);
      return row ?? null;
    },

    async versions(botId: string) {
      return db
        .select({
          number: botVersions.number,
          changelog: botVersions.changelog,
          publishedAt: botVersions.publishedAt,
          deprecatedAt: botVersions.deprecatedAt,
          retiresOn: botVersions.retiresOn,
          note: botVersions.deprecationNote,
          example: botVersions.example,
        })
        .from(botVersions)
        .where(eq(botVersions.botId, botId))
        .orderBy(desc(botVersions.number));
    },

    async rating(companyId: string, botId: string) {
      const [row] = await db
        .select()
        .from(botRatings)
        .where(and(eq(botRatings.companyId, companyId), eq(botRatings.botId, botId)))
        .limit(1);
      return row ?? null;
    },

    async publisher(publisherId: string, companyId: string) {
      const [row] = await db
        .select({
          id: publishers.id,
          name: publishers.name,
          logo: publishers.logo,
          description: publishers.description,
          website: publishers.website,
          supportEmail: publishers.supportEmail,
          clientOf: publisherClients.companyId,
        })
        .from(publishers)
        .leftJoin(
          publisherClients,
          and(
            eq(publisherClients.publisherId, publishers.id),
            eq(publisherClients.companyId, companyId),
          ),
        )
        .where(eq(publishers.id, publisherId))
        .limit(1);
      if (!row) return null;
      const [seen] = await countVisible(
        and(visible(companyId), eq(bots.publisherId, publisherId))!,
      );
      return { ...row, botsCount: seen?.n ?? 0 };
    },

    /** The newest version of a published (or archived, for updates) bot. */
    async newestVersion(botId: string) {
      const [row] = await db
        .select({ id: botVersions.id, number: botVersions.number, publisherId: bots.publisherId })
        .from(bots)
        .innerJoin(
          botVersions,
          and(eq(botVersions.botId, bots.id), eq(botVersions.number, bots.latestVersion)),
        )
        .where(eq(bots.id, botId))
        .limit(1);
      return row ?? null;
    },

    /** The company's pin, locked until the transaction ends. */
    async lockPin(companyId: string, botId: string) {
      const [row] = await db
        .select({ versionId: companyBots.versionId, subscribedAt: companyBots.subscribedAt })
        .from(companyBots)
        .where(and(eq(companyBots.companyId, companyId), eq(companyBots.botId, botId)))
        .for('update');
      return row ?? null;
    },

    /** The company's subscription as the marketplace shows it. */
    async subscription(companyId: string, botId: string) {
      const [row] = await db
        .select({
          version: pinned.number,
          subscribedAt: companyBots.subscribedAt,
          retiresOn: pinned.retiresOn,
          retiredAt: pinned.retiredAt,
          latestVersion: bots.latestVersion,
        })
        .from(companyBots)
        .innerJoin(pinned, eq(pinned.id, companyBots.versionId))
        .innerJoin(bots, eq(bots.id, companyBots.botId))
        .where(and(eq(companyBots.companyId, companyId), eq(companyBots.botId, botId)))
        .limit(1);
      return row ?? null;
    },

    /** False when the company already had the bot (the primary key decides a race). */
    async insertPin(companyId: string, botId: string, versionId: string) {
      const rows = await db
        .insert(companyBots)
        .values({ companyId, botId, versionId })
        .onConflictDoNothing()
        .returning({ botId: companyBots.botId });
      return rows.length > 0;
    },

    async deletePin(companyId: string, botId: string) {
      const rows = await db
        .delete(companyBots)
        .where(and(eq(companyBots.companyId, companyId), eq(companyBots.botId, botId)))
        .returning({ botId: companyBots.botId });
      return rows.length > 0;
    },

    async movePin(companyId: string, botId: string, versionId: string) {
      await db
        .update(companyBots)
        .set({ versionId })
        .where(and(eq(companyBots.companyId, companyId), eq(companyBots.botId, botId)));
    },

    /** A first subscription makes the company the publisher's client; an existing row stays. */
    async ensureClient(publisherId: string, companyId: string) {
      await db
        .insert(publisherClients)
        .values({ publisherId, companyId, source: 'subscription' })
        .onConflictDoNothing();
    },

    /** One UPDATE … x = x + n: concurrent changes add up instead of overwriting each other. */
    async addToCounters(
      botId: string,
      change: { subscribers?: number; sum?: number; count?: number },
    ) {
      await db
        .update(bots)
        .set({
          subscribersCount: sql`${bots.subscribersCount} + ${change.subscribers ?? 0}`,
          ratingSum: sql`${bots.ratingSum} + ${change.sum ?? 0}`,
          ratingCount: sql`${bots.ratingCount} + ${change.count ?? 0}`,
        })
        .where(eq(bots.id, botId));
    },

    async lockRating(companyId: string, botId: string) {
      const [row] = await db
        .select({ rating: botRatings.rating })
        .from(botRatings)
        .where(and(eq(botRatings.companyId, companyId), eq(botRatings.botId, botId)))
        .for('update');
      return row ?? null;
    },

    /** False when another request inserted the rating first. */
    async insertRating(values: typeof botRatings.$inferInsert) {
      const rows = await db
        .insert(botRatings)
        .values(values)
        .onConflictDoNothing()
        .returning({ botId: botRatings.botId });
      return rows.length > 0;
    },

    async updateRating(
      companyId: string,
      botId: string,
      fields: Partial<typeof botRatings.$inferInsert>,
    ) {
      const rows = await db
        .update(botRatings)
        .set(fields)
        .where(and(eq(botRatings.companyId, companyId), eq(botRatings.botId, botId)))
        .returning({ botId: botRatings.botId });
      return rows.length > 0;
    },

    /** Newest first, with each company's name. */
    async ratings(botId: string, page: number) {
      const where = eq(botRatings.botId, botId);
      const [items, [total], stars, [summary]] = await Promise.all([
        ratingsWithCompany()
          .where(where)
          .orderBy(desc(botRatings.updatedAt), asc(botRatings.companyId))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
        db.select({ n: count() }).from(botRatings).where(where),
        db
          .select({ rating: botRatings.rating, n: count() })
          .from(botRatings)
          .where(where)
          .groupBy(botRatings.rating),
        db
          .select({ sum: bots.ratingSum, count: bots.ratingCount })
          .from(bots)
          .where(eq(bots.id, botId)),
      ]);
      return { items, count: total?.n ?? 0, stars, sum: summary?.sum ?? 0, n: summary?.count ?? 0 };
    },

    /** A publisher's own bot, or null. */
    async ownBot(publisherId: string, botId: string) {
      const [row] = await db
        .select({ id: bots.id, name: bots.name, latestVersion: bots.latestVersion })
        .from(bots)
        .where(and(eq(bots.id, botId), eq(bots.publisherId, publisherId)))
        .limit(1);
      return row ?? null;
    },

    async lockVersion(botId: string, number: number) {
      const [row] = await db
        .select()
        .from(botVersions)
        .where(and(eq(botVersions.botId, botId), eq(botVersions.number, number)))
        .for('update');
      return row ?? null;
    },

    async deprecateVersion(id: string, fields: Partial<typeof botVersions.$inferInsert>) {
      const [row] = await db
        .update(botVersions)
        .set(fields)
        .where(eq(botVersions.id, id))
        .returning();
      return row!;
    },

    /** The company's pins on deprecated versions not yet retired. */
    async deprecations(companyId: string) {
      return db
        .select({
          botId: bots.id,
          botName: bots.name,
          version: botVersions.number,
          newestVersion: bots.latestVersion,
          retiresOn: botVersions.retiresOn,
          note: botVersions.deprecationNote,
        })
        .from(companyBots)
        .innerJoin(botVersions, eq(botVersions.id, companyBots.versionId))
        .innerJoin(bots, eq(bots.id, companyBots.botId))
        .where(
          and(
            eq(companyBots.companyId, companyId),
            isNotNull(botVersions.deprecatedAt),
            isNull(botVersions.retiredAt),
          ),
        )
        .orderBy(asc(botVersions.retiresOn), asc(bots.name));
    },
  };
}
