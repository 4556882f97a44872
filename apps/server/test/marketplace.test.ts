import {
  AUTH_MESSAGES,
  LIST_COUNT_CAP,
  MARKETPLACE_MESSAGES,
  PAGE_SIZE,
  botResponseSchema,
  companyDeprecationsPath,
  companyDeprecationsResponseSchema,
  deprecateVersionPath,
  earliestRetirementDay,
  latestRetirementDay,
  marketplaceBotDetailResponseSchema,
  marketplaceBotListResponseSchema,
  marketplaceBotPath,
  marketplaceBotsPath,
  marketplacePublisherPath,
  marketplacePublisherResponseSchema,
  marketplaceRatingPath,
  marketplaceRatingsPath,
  marketplaceSubscribePath,
  marketplaceUnsubscribePath,
  marketplaceUpdatePath,
  publishBotPath,
  publisherBotPath,
  publisherBotRatingsPath,
  publisherBotsPath,
  publisherRatingReplyPath,
  ratingListResponseSchema,
  subscriptionResponseSchema,
  type BotInput,
  type MarketplaceBotListQuery,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { RetirementOutcome } from '../src/jobs/bot-retirement';
import { retireBotVersionsNow } from '../src/jobs/run-now';
import type { ApiClient } from './support/api-client';
import { insertBots, type InsertedBot } from './support/bots';
import { DEMO } from './support/demo';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  sleep,
  useTestApp,
} from './support/test-app';

const t = useTestApp();
const as = signedInClients(t);
const TAG = `mkt${Date.now().toString(36)}`;

function callBot(name: string, overrides: Partial<BotInput> = {}): BotInput {
  return {
    name,
    description: `A call bot ${TAG}`,
    color: 'blue',
    trigger: 'call-complete',
    trigger_event: 'every',
    prompt: '',
    output_tags: [
      {
        index: 0,
        label: 'Booked',
        description: 'Where the agent books the visit',
        rule: { phrases: ['booked', 'appointment'], speaker: 'agent', extractors: [] },
      },
    ],
    engine: 'rules',
    visibility: 'marketplace',
    ...overrides,
  };
}

async function createAndPublish(pub: ApiClient, input: BotInput, changelog = 'First release') {
  const created = await pub.post(publisherBotsPath, input);
  expect(created.status, created.text).toBe(200);
  const bot = botResponseSchema.parse(created.body).data;
  const published = await pub.post(publishBotPath(bot.id), { changelog });
  expect(published.status, published.text).toBe(200);
  return bot;
}

async function list(
  client: ApiClient,
  query: Partial<Record<keyof MarketplaceBotListQuery, string>>,
) {
  const res = await client.get(marketplaceBotsPath, { query });
  expect(res.status, res.text).toBe(200);
  return marketplaceBotListResponseSchema.parse(res.body).data;
}

async function detail(client: ApiClient, botId: string) {
  const res = await client.get(marketplaceBotPath(botId));
  expect(res.status, res.text).toBe(200);
  return marketplaceBotDetailResponseSchema.parse(res.body).data;
}

async function ratings(client: ApiClient, path: string) {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return ratingListResponseSchema.parse(res.body).data;
}

async function botCounters(botId: string) {
  return t.inspect(async (q) => {
    const [bot] = await q(
      `SELECT subscribers_count, rating_sum, rating_count FROM bots WHERE id = $1`,
      [botId],
    );
    const [pins] = await q(`SELECT count(*)::int AS n FROM company_bots WHERE bot_id = $1`, [
      botId,
    ]);
    return { ...bot, pins: pins!.n };
  });
}

let alpha: { id: string };
let privateBot: { id: string };
let draftId: string;
let acmeId: string;
let globexId: string;
let northwindId: string;
let other: Record<string, InsertedBot>;
let otherPublisherId: string;
const otherNames = Array.from(
  { length: 12 },
  (_, i) => `Zeta ${TAG} ${String(i).padStart(2, '0')}`,
);

beforeAll(async () => {
  const pub = await as(DEMO.publisher.email);
  alpha = await createAndPublish(pub, callBot(`Alpha ${TAG}`));
  privateBot = await createAndPublish(pub, callBot(`Private ${TAG}`, { visibility: 'private' }));
  const draft = await pub.post(publisherBotsPath, callBot(`Draft ${TAG}`));
  draftId = botResponseSchema.parse(draft.body).data.id;
  other = await t.inspect((q) =>
    insertBots(
      q,
      otherNames.map((name) => ({
        name,
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: [],
      })),
    ),
  );
  await t.inspect(async (q) => {
    const ids = otherNames.map((n) => other[n]!.id);
    // Distinct popularity, price and rating per bot, so each sort has one right order.
    for (const [i, id] of ids.entries()) {
      await q(
        `UPDATE bots SET subscribers_count = $2, price_per_run_cents = $3, rating_sum = $4,
           rating_count = 1, published_at = now() - ($5 || ' hours')::interval,
           description = $6 WHERE id = $1`,
        [id, i, 100 - i, (i % 5) + 1, String(i), `Recording bot ${TAG}`],
      );
    }
    const [row] = await q(`SELECT publisher_id FROM bots WHERE id = $1`, [ids[0]]);
    otherPublisherId = String(row!.publisher_id);
    const companies = await q(`SELECT id, name FROM companies`);
    acmeId = String(companies.find((c) => c.name === DEMO.admin.company)!.id);
    globexId = String(companies.find((c) => c.name === DEMO.globex.company)!.id);
    const [nw] = await q(`SELECT id FROM publishers WHERE name = 'Northwind Bots'`);
    northwindId = String(nw!.id);
    // Acme pays Northwind a 50 % markup instead of the default 20 %.
    await q(
      `UPDATE publisher_clients SET markup_percent = 50 WHERE publisher_id = $1 AND company_id = $2`,
      [northwindId, acmeId],
    );
  });
}, HOOK_TIMEOUT_MS);

describe('roles', () => {
  it('keeps every company marketplace route to the company admin', async () => {
    const paths = [
      ['get', marketplaceBotsPath],
      ['get', () => marketplaceBotPath(alpha.id)],
      ['get', () => marketplacePublisherPath(northwindId)],
      ['post', () => marketplaceSubscribePath(alpha.id)],
      ['post', () => marketplaceUnsubscribePath(alpha.id)],
      ['post', () => marketplaceUpdatePath(alpha.id)],
      ['get', () => marketplaceRatingsPath(alpha.id)],
      ['get', companyDeprecationsPath],
    ] as const;
    for (const email of [
      DEMO.manager.email,
      DEMO.tech.email,
      DEMO.publisher.email,
      DEMO.publisherUser.email,
    ]) {
      const client = await as(email);
      for (const [method, path] of paths) {
        const url = typeof path === 'string' ? path : path();
        const res = method === 'get' ? await client.get(url) : await client.post(url, {});
        expect(res.status, `${email} ${method} ${url}`).toBe(403);
        expect(res.body.message).toBe(AUTH_MESSAGES.forbidden);
      }
      const rate = await client.put(marketplaceRatingPath(alpha.id), { rating: 5 });
      expect(rate.status, `${email} rate`).toBe(403);
    }
  });

  it('answers the deprecation banner of a company admin still onboarding with nothing', async () => {
    const onboarding = await as(DEMO.newadmin.email);
    const res = await onboarding.get(companyDeprecationsPath);
    expect(res.status).toBe(200);
    expect(companyDeprecationsResponseSchema.parse(res.body).data).toEqual([]);
    // The rest of the marketplace still waits for the set-up.
    expect((await onboarding.get(marketplaceBotsPath)).status).toBe(403);
  });

  it('keeps the publisher routes from company roles', async () => {
    for (const email of [DEMO.admin.email, DEMO.manager.email, DEMO.tech.email]) {
      const client = await as(email);
      expect((await client.get(publisherBotRatingsPath(alpha.id))).status).toBe(403);
      expect(
        (await client.post(publisherRatingReplyPath(alpha.id, acmeId), { reply: 'Hi' })).status,
      ).toBe(403);
      expect(
        (
          await client.post(deprecateVersionPath(alpha.id, 1), {
            retires_on: earliestRetirementDay(new Date()),
          })
        ).status,
      ).toBe(403);
    }
  });
});

describe('browse', () => {
  it('shows the seeded demo bots alive: subscribers, rating, example, the company’s pin', async () => {
    const acme = await as(DEMO.admin.email);
    const [plan] = (await list(acme, { keyword: 'Maintenance plan offered' })).items;
    expect(plan).toMatchObject({
      companies_count: 2,
      rating: { average: 5, count: 1 },
      subscription: { version: 1, update_available: false, retires_on: null },
    });
    expect((await detail(acme, plan!.id)).example?.result.version).toBe(1);
    const demoRatings = await ratings(acme, marketplaceRatingsPath(plan!.id));
    expect(demoRatings.items[0]).toMatchObject({ company_name: DEMO.admin.company, rating: 5 });
    expect(demoRatings.items[0]!.reply).toBeTruthy();
  });

  it('finds bots by their publisher’s name as well as their own words', async () => {
    const acme = await as(DEMO.admin.email);
    const byPublisher = await list(acme, { keyword: 'northwind' });
    expect(byPublisher.count).toBeGreaterThan(0);
    expect(new Set(byPublisher.items.map((b) => b.publisher.name))).toEqual(
      new Set(['Northwind Bots']),
    );
    expect((await list(acme, { keyword: 'no bot or publisher is called this' })).count).toBe(0);
  });

  it('lists published bots only, with the example of the publish and the company’s own price', async () => {
    const acme = await as(DEMO.admin.email);
    const globex = await as(DEMO.globex.email);
    const mine = await list(acme, { keyword: `A call bot ${TAG}` });
    expect(mine.items.map((b) => b.name).sort()).toEqual([`Alpha ${TAG}`, `Private ${TAG}`]);
    const item = mine.items.find((b) => b.id === alpha.id)!;
    expect(item).toMatchObject({
      price_per_run_millicents: 7500,
      companies_count: 0,
      subscription: null,
    });
    const theirs = await list(globex, { keyword: `Alpha ${TAG}` });
    expect(theirs.items[0]!.price_per_run_millicents).toBe(6000);

    const bot = await detail(acme, alpha.id);
    expect(bot.output_tags).toEqual([
      { index: 0, label: 'Booked', description: 'Where the agent books the visit' },
    ]);
    expect(bot.versions.map((v) => v.number)).toEqual([1]);
    expect(bot.example).not.toBeNull();
    expect(bot.example!.result.version).toBe(1);
    expect(bot.example!.transcript.length).toBeGreaterThan(0);

    for (const id of [draftId, '00000000-0000-4000-8000-000000000000']) {
      const res = await acme.get(marketplaceBotPath(id));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MARKETPLACE_MESSAGES.botNotFound);
    }
    const noPublisher = await acme.get(
      marketplacePublisherPath('00000000-0000-4000-8000-000000000000'),
    );
    expect(noPublisher.status).toBe(404);
    expect(noPublisher.body.message).toBe(MARKETPLACE_MESSAGES.publisherNotFound);
  });

  it('publishes without an example when the engine cannot run one', async () => {
    // No LLM is configured in tests: the example run fails, the publish does not.
    const pub = await as(DEMO.publisher.email);
    const llm = await createAndPublish(
      pub,
      callBot(`Llm ${TAG}`, { engine: 'llm', prompt: 'Was the visit booked?' }),
    );
    const acme = await as(DEMO.admin.email);
    const bot = await detail(acme, llm.id);
    expect(bot).toMatchObject({ engine: 'llm', latest_version: 1, example: null });
    const [row] = await t.inspect((q) =>
      q(`SELECT published_at IS NOT NULL AS published FROM bots WHERE id = $1`, [llm.id]),
    );
    expect(row).toEqual({ published: true });
  });

  it('hides private bots from companies that are not the publisher’s clients', async () => {
    const acme = await as(DEMO.admin.email);
    const globex = await as(DEMO.globex.email);
    const hidden = other[otherNames[0]!]!;
    await t.inspect((q) => q(`UPDATE bots SET visibility = 'private' WHERE id = $1`, [hidden.id]));
    await t.inspect((q) =>
      q(
        `INSERT INTO publisher_clients (publisher_id, company_id, source) VALUES ($1, $2, 'referral')`,
        [otherPublisherId, globexId],
      ),
    );
    expect((await list(acme, { keyword: hidden.name })).count).toBe(0);
    expect((await acme.get(marketplaceBotPath(hidden.id))).status).toBe(404);
    expect((await acme.post(marketplaceSubscribePath(hidden.id))).status).toBe(404);
    expect((await list(globex, { keyword: hidden.name })).count).toBe(1);
    const page = (await acme.get(marketplacePublisherPath(otherPublisherId))).body;
    expect(marketplacePublisherResponseSchema.parse(page).data).toMatchObject({
      bots_count: 11,
      is_client: false,
    });
    const globexPage = (await globex.get(marketplacePublisherPath(otherPublisherId))).body;
    expect(globexPage.data).toMatchObject({ bots_count: 12, is_client: true });
  });

  it('searches, filters, sorts and pages', async () => {
    const globex = await as(DEMO.globex.email);
    const keyword = `Zeta ${TAG}`;
    const page1 = await list(globex, { keyword });
    expect(page1.count).toBe(12);
    expect(page1.items).toHaveLength(PAGE_SIZE);
    // popular by default: most subscribers first.
    expect(page1.items.map((b) => b.name)).toEqual([...otherNames].reverse().slice(0, PAGE_SIZE));
    const page2 = await list(globex, { keyword, page: '2' });
    expect(page2.items.map((b) => b.name)).toEqual([otherNames[1], otherNames[0]]);

    const byName = await list(globex, { keyword, sort_by: 'name' });
    expect(byName.items[0]!.name).toBe(otherNames[0]);
    const byNameDesc = await list(globex, { keyword, sort_by: 'name', sort_direction: 'desc' });
    expect(byNameDesc.items[0]!.name).toBe(otherNames[11]);
    // price: cheapest first (bot i costs 100 - i cents).
    expect((await list(globex, { keyword, sort_by: 'price' })).items[0]!.name).toBe(otherNames[11]);
    // newest: bot i was published i hours ago.
    expect((await list(globex, { keyword, sort_by: 'newest' })).items[0]!.name).toBe(otherNames[0]);
    const byRating = (await list(globex, { keyword, sort_by: 'rating' })).items;
    expect(byRating.slice(0, 2).map((b) => b.rating.average)).toEqual([5, 5]);

    // Keyword over the publisher's name too; filters by publisher and trigger.
    const byPublisher = await list(globex, { publisher_id: otherPublisherId });
    expect(byPublisher.count).toBe(12);
    expect(
      (await list(globex, { keyword: 'Test Publisher T', trigger: 'recording-complete' })).count,
    ).toBeGreaterThanOrEqual(12);
    expect((await list(globex, { keyword, trigger: 'call-complete' })).count).toBe(0);
    // subscribed filter: Globex uses the three demo bots, not these.
    expect((await list(globex, { keyword, subscribed: 'true' })).count).toBe(0);
    expect((await list(globex, { keyword, subscribed: 'false' })).count).toBe(12);
    expect((await list(globex, { subscribed: 'true' })).items.every((b) => b.subscription)).toBe(
      true,
    );
    // Every filter at once, without a keyword, is a prepared shape; the two shapes' names differ
    // only past PostgreSQL's 63rd byte, so each connection must keep them apart.
    const allFilters = { publisher_id: otherPublisherId, trigger: 'recording-complete' } as const;
    for (let round = 0; round < 3; round++) {
      expect((await list(globex, { ...allFilters, subscribed: 'false' })).count).toBe(12);
      expect((await list(globex, { ...allFilters, subscribed: 'true' })).count).toBe(0);
    }

    const bad = await globex.get(marketplaceBotsPath, { query: { sort_by: 'cheapest' } });
    expect(bad.status).toBe(422);
  });

  it('orders by the price each company pays: a markup override re-prices its publisher’s bots', async () => {
    const acme = await as(DEMO.admin.email);
    const globex = await as(DEMO.globex.email);
    // Alpha (Northwind) at 90 cents sits among the Zeta bots (89–100 cents) at Globex's default
    // markup, and above them all at Acme's 50 % override.
    await t.inspect((q) => q(`UPDATE bots SET price_per_run_cents = 90 WHERE id = $1`, [alpha.id]));
    try {
      const everyPage = async (client: ApiClient, direction: 'asc' | 'desc') => {
        const query = { keyword: TAG, sort_by: 'price', sort_direction: direction } as const;
        const first = await list(client, query);
        const second = await list(client, { ...query, page: '2' });
        expect(first.count_capped).toBe(false);
        return [...first.items, ...second.items];
      };
      for (const client of [acme, globex]) {
        const asc = await everyPage(client, 'asc');
        const prices = asc.map((b) => b.price_per_run_millicents);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        expect(new Set(asc.map((b) => b.id)).size).toBe(asc.length);
        const desc = await everyPage(client, 'desc');
        expect(desc.map((b) => b.id)).toEqual(asc.map((b) => b.id).reverse());
      }
      const position = async (client: ApiClient) =>
        (await everyPage(client, 'asc')).findIndex((b) => b.id === alpha.id);
      const zetas = otherNames.length;
      expect(await position(acme)).toBeGreaterThanOrEqual(zetas);
      expect(await position(globex)).toBeLessThan(zetas);
    } finally {
      await t.inspect((q) =>
        q(`UPDATE bots SET price_per_run_cents = 5 WHERE id = $1`, [alpha.id]),
      );
    }
  });

  it('keeps the price order of a publisher’s bots when its default markup changes', async () => {
    const globex = await as(DEMO.globex.email);
    const keyword = `Zeta ${TAG}`;
    const cheapest = async () => (await list(globex, { keyword, sort_by: 'price' })).items[0]!;
    const before = await cheapest();
    const key = (id: string) =>
      t.inspect(async (q) => {
        const [row] = await q(`SELECT market_price_key FROM bots WHERE id = $1`, [id]);
        return Number(row!.market_price_key);
      });
    await t.inspect((q) =>
      q(`UPDATE publishers SET markup_percent = 40 WHERE id = $1`, [otherPublisherId]),
    );
    try {
      const after = await cheapest();
      expect(after.id).toBe(before.id);
      // 89 cents at 40 %: the key the index orders by and the price the company reads agree.
      expect(await key(after.id)).toBe(89 * 140);
      expect(after.price_per_run_millicents).toBeGreaterThan(before.price_per_run_millicents);
    } finally {
      await t.inspect((q) =>
        q(`UPDATE publishers SET markup_percent = 20 WHERE id = $1`, [otherPublisherId]),
      );
    }
  });

  it('counts a long list up to LIST_COUNT_CAP past the page and says there are more', async () => {
    const globex = await as(DEMO.globex.email);
    const keyword = `Many ${TAG}`;
    await t.inspect((q) =>
      q(
        `INSERT INTO bots (publisher_id, name, prompt, color, trigger, trigger_event, output_tags,
           engine, status, latest_version, has_unpublished_changes)
         SELECT $1, $2 || ' ' || g, 'Find it.', 'green', 'call-complete', 'every', '[]', 'rules',
           'published', 1, false
         FROM generate_series(1, $3::int) g`,
        [otherPublisherId, keyword, LIST_COUNT_CAP + 2 * PAGE_SIZE + 5],
      ),
    );
    const first = await list(globex, { keyword });
    expect(first).toMatchObject({ count: LIST_COUNT_CAP, count_capped: true });
    // Deeper pages count further: the third page counts up to 1,020, then everything is there.
    const third = await list(globex, { keyword, page: '3' });
    expect(third).toMatchObject({ count: LIST_COUNT_CAP + 2 * PAGE_SIZE, count_capped: true });
    const fourth = await list(globex, { keyword, page: '4' });
    expect(fourth).toMatchObject({
      count: LIST_COUNT_CAP + 2 * PAGE_SIZE + 5,
      count_capped: false,
    });
    await t.inspect((q) => q(`DELETE FROM bots WHERE name LIKE $1`, [`${keyword} %`]));
  });
});

describe('subscriptions, ratings and deprecation', () => {
  it('subscribes once under a concurrent double subscribe and counts exactly', async () => {
    const acme = await as(DEMO.admin.email);
    const globex = await as(DEMO.globex.email);
    const results = await Promise.all([
      acme.post(marketplaceSubscribePath(alpha.id)),
      acme.post(marketplaceSubscribePath(alpha.id)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = subscriptionResponseSchema.parse(results.find((r) => r.status === 200)!.body);
    expect(ok).toMatchObject({ message: MARKETPLACE_MESSAGES.subscribed, data: { version: 1 } });
    expect(results.find((r) => r.status === 409)!.body.message).toBe(
      MARKETPLACE_MESSAGES.alreadySubscribed,
    );
    expect((await globex.post(marketplaceSubscribePath(alpha.id))).status).toBe(200);
    expect(await botCounters(alpha.id)).toMatchObject({ subscribers_count: 2, pins: 2 });

    // Each company sees its own subscription only.
    expect((await detail(globex, alpha.id)).subscription?.version).toBe(1);
    expect((await detail(acme, alpha.id)).companies_count).toBe(2);
  });

  it('unsubscribes, keeps the client row, and subscribes again', async () => {
    const acme = await as(DEMO.admin.email);
    const res = await acme.post(marketplaceUnsubscribePath(alpha.id));
    expect(res.body).toEqual({ message: MARKETPLACE_MESSAGES.unsubscribed, data: null });
    const again = await acme.post(marketplaceUnsubscribePath(alpha.id));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MARKETPLACE_MESSAGES.notSubscribed);
    expect(await botCounters(alpha.id)).toMatchObject({ subscribers_count: 1, pins: 1 });
    const clients = await t.inspect((q) =>
      q(
        `SELECT count(*)::int AS n FROM publisher_clients WHERE publisher_id = $1 AND company_id = $2`,
        [northwindId, acmeId],
      ),
    );
    expect(clients[0]!.n).toBe(1);
    expect((await acme.post(marketplaceSubscribePath(alpha.id))).status).toBe(200);
    expect(await botCounters(alpha.id)).toMatchObject({ subscribers_count: 2, pins: 2 });
  });

  it('makes a first subscriber the publisher’s client', async () => {
    const acme = await as(DEMO.admin.email);
    const bot = other[otherNames[5]!]!;
    expect((await acme.post(marketplaceSubscribePath(bot.id))).status).toBe(200);
    const rows = await t.inspect((q) =>
      q(`SELECT source FROM publisher_clients WHERE publisher_id = $1 AND company_id = $2`, [
        otherPublisherId,
        acmeId,
      ]),
    );
    expect(rows).toEqual([{ source: 'subscription' }]);
    expect((await acme.post(marketplaceUnsubscribePath(bot.id))).status).toBe(200);
  });

  it('offers the update to the newest version and moves the pin', async () => {
    const pub = await as(DEMO.publisher.email);
    const acme = await as(DEMO.admin.email);
    const edited = await pub.put(
      publisherBotPath(alpha.id),
      callBot(`Alpha ${TAG}`, { color: 'green' }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect((await pub.post(publishBotPath(alpha.id), { changelog: 'Greener' })).status).toBe(200);
    const before = await detail(acme, alpha.id);
    expect(before.subscription).toMatchObject({ version: 1, update_available: true });
    expect(before.example?.result.version).toBe(2);
    const res = await acme.post(marketplaceUpdatePath(alpha.id));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      message: MARKETPLACE_MESSAGES.updated(2),
      data: { version: 2, update_available: false },
    });
    const again = await acme.post(marketplaceUpdatePath(alpha.id));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MARKETPLACE_MESSAGES.upToDate);
    expect(await botCounters(alpha.id)).toMatchObject({ subscribers_count: 2, pins: 2 });
  });

  it('keeps one rating per company, with exact averages', async () => {
    const acme = await as(DEMO.admin.email);
    const globex = await as(DEMO.globex.email);
    const unsubscribed = await acme.put(marketplaceRatingPath(privateBot.id), { rating: 4 });
    expect(unsubscribed.status).toBe(403);
    expect(unsubscribed.body.message).toBe(MARKETPLACE_MESSAGES.ratingNeedsSubscription);
    const outOfRange = await acme.put(marketplaceRatingPath(alpha.id), { rating: 6 });
    expect(outOfRange.status).toBe(422);

    const first = await acme.put(marketplaceRatingPath(alpha.id), { rating: 4, comment: 'Good' });
    expect(first.body).toEqual({ message: MARKETPLACE_MESSAGES.ratingSaved });
    expect(
      (await acme.put(marketplaceRatingPath(alpha.id), { rating: 2, comment: '' })).status,
    ).toBe(200);
    const both = await Promise.all([
      globex.put(marketplaceRatingPath(alpha.id), { rating: 5 }),
      globex.put(marketplaceRatingPath(alpha.id), { rating: 5 }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await botCounters(alpha.id)).toMatchObject({ rating_sum: 7, rating_count: 2 });

    const page = await ratings(acme, marketplaceRatingsPath(alpha.id));
    expect(page.count).toBe(2);
    expect(page.summary).toEqual({ average: 3.5, count: 2, distribution: [0, 1, 0, 0, 1] });
    expect((await detail(acme, alpha.id)).my_rating).toMatchObject({ rating: 2, comment: null });
    expect((await detail(globex, alpha.id)).my_rating).toMatchObject({ rating: 5 });
    expect((await detail(acme, alpha.id)).rating).toEqual({ average: 3.5, count: 2 });
  });

  it('lets the publisher read and reply to its own bots’ ratings only', async () => {
    const pub = await as(DEMO.publisherUser.email);
    const acme = await as(DEMO.admin.email);
    const list1 = await ratings(pub, publisherBotRatingsPath(alpha.id));
    expect(list1.items.map((r) => r.company_name).sort()).toEqual([
      DEMO.admin.company,
      DEMO.globex.company,
    ]);
    const reply = await pub.post(publisherRatingReplyPath(alpha.id, acmeId), { reply: 'Thanks!' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      message: MARKETPLACE_MESSAGES.replySaved,
      data: { company_id: acmeId, reply: 'Thanks!', rating: 2 },
    });
    const seen = await ratings(acme, marketplaceRatingsPath(alpha.id));
    expect(seen.items.find((r) => r.company_id === acmeId)?.reply).toBe('Thanks!');

    const none = await pub.post(
      publisherRatingReplyPath(alpha.id, '00000000-0000-4000-8000-000000000000'),
      {
        reply: 'Hi',
      },
    );
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(MARKETPLACE_MESSAGES.ratingNotFound);
    const foreign = other[otherNames[3]!]!;
    expect((await pub.get(publisherBotRatingsPath(foreign.id))).status).toBe(404);
    expect(
      (await pub.post(publisherRatingReplyPath(foreign.id, acmeId), { reply: 'Hi' })).status,
    ).toBe(404);
  });

  it('validates a deprecation, e-mails the pinned companies’ admins once, and shows the banner', async () => {
    const pub = await as(DEMO.publisher.email);
    const globex = await as(DEMO.globex.email);
    const acme = await as(DEMO.admin.email);
    const earliest = earliestRetirementDay(new Date());
    const dayBefore = new Date(`${earliest}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);

    const newest = await pub.post(deprecateVersionPath(alpha.id, 2), { retires_on: earliest });
    expect(newest.status).toBe(422);
    expect(newest.body.message).toBe(MARKETPLACE_MESSAGES.latestCannotBeDeprecated);
    const tooSoon = await pub.post(deprecateVersionPath(alpha.id, 1), {
      retires_on: dayBefore.toISOString().slice(0, 10),
    });
    expect(tooSoon.status).toBe(422);
    expect(tooSoon.body.errors.retires_on).toEqual([MARKETPLACE_MESSAGES.retireTooSoon]);
    const afterLatest = new Date(`${latestRetirementDay(new Date())}T00:00:00Z`);
    afterLatest.setUTCDate(afterLatest.getUTCDate() + 1);
    for (const late of [afterLatest.toISOString().slice(0, 10), '9999-12-31']) {
      const tooLate = await pub.post(deprecateVersionPath(alpha.id, 1), { retires_on: late });
      expect(tooLate.status).toBe(422);
      expect(tooLate.body.errors.retires_on).toEqual([MARKETPLACE_MESSAGES.retireTooLate]);
    }
    expect(
      (await pub.post(deprecateVersionPath(alpha.id, 9), { retires_on: earliest })).status,
    ).toBe(404);
    const foreign = other[otherNames[3]!]!;
    expect(
      (await pub.post(deprecateVersionPath(foreign.id, 1), { retires_on: earliest })).status,
    ).toBe(404);

    const done = await pub.post(deprecateVersionPath(alpha.id, 1), {
      retires_on: earliest,
      note: 'v2 is greener',
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({
      message: MARKETPLACE_MESSAGES.deprecated,
      data: { number: 1, deprecation: { retires_on: earliest, note: 'v2 is greener' } },
    });
    const retried = await pub.post(deprecateVersionPath(alpha.id, 1), { retires_on: earliest });
    expect(retried.status).toBe(409);
    expect(retried.body.message).toBe(MARKETPLACE_MESSAGES.alreadyDeprecated);

    // Globex is pinned to v1; Acme moved to v2 and is not concerned.
    const banners = companyDeprecationsResponseSchema.parse(
      (await globex.get(companyDeprecationsPath)).body,
    );
    expect(banners.data).toEqual([
      {
        bot_id: alpha.id,
        bot_name: `Alpha ${TAG}`,
        version: 1,
        newest_version: 2,
        retires_on: earliest,
        note: 'v2 is greener',
      },
    ]);
    expect((await acme.get(companyDeprecationsPath)).body.data).toEqual([]);
    expect((await detail(globex, alpha.id)).subscription?.retires_on).toBe(earliest);
    expect((await detail(acme, alpha.id)).versions[1]!.deprecation?.retires_on).toBe(earliest);

    await t.outbox.waitFor(DEMO.globex.email);
    await sleep(1500);
    expect(await deprecationMails(DEMO.globex.email)).toBe(1);
    expect(await deprecationMails(DEMO.admin.email)).toBe(0);
  });

  it(
    'retires the version on its day: pins move once under concurrent runs, no e-mail twice',
    async () => {
      const retiresOn = earliestRetirementDay(new Date());
      // As if the process died after queuing the e-mails but before marking them sent.
      await t.inspect((q) =>
        q(`UPDATE bot_versions SET deprecation_notified_at = NULL WHERE bot_id = $1`, [alpha.id]),
      );
      let early: RetirementOutcome[] = [];
      let due: RetirementOutcome[] = [];
      await t.stop();
      try {
        const config = loadConfig({ ...t.env });
        early = await retireBotVersionsNow(config, { now: new Date() });
        due = await retireBotVersionsNow(config, {
          now: new Date(`${retiresOn}T00:30:00Z`),
          runs: 2,
        });
      } finally {
        await t.restart();
      }
      expect(early[0]).toMatchObject({ versionsRetired: 0, pinsMoved: 0 });
      expect(due.reduce((n, o) => n + o.versionsRetired, 0)).toBe(1);
      expect(due.reduce((n, o) => n + o.pinsMoved, 0)).toBe(1);

      const globex = await as(DEMO.globex.email);
      expect((await detail(globex, alpha.id)).subscription).toMatchObject({
        version: 2,
        update_available: false,
        retires_on: null,
      });
      expect((await globex.get(companyDeprecationsPath)).body.data).toEqual([]);
      expect(await botCounters(alpha.id)).toMatchObject({ subscribers_count: 2, pins: 2 });
      const [version] = await t.inspect((q) =>
        q(
          `SELECT retired_at IS NOT NULL AS retired, deprecation_notified_at IS NOT NULL AS notified
           FROM bot_versions WHERE bot_id = $1 AND number = 1`,
          [alpha.id],
        ),
      );
      expect(version).toEqual({ retired: true, notified: true });
      await sleep(2500);
      expect(await deprecationMails(DEMO.globex.email)).toBe(1);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

async function deprecationMails(email: string): Promise<number> {
  const mails = await t.outbox.mailsTo(email);
  return mails.filter((m) => m.content.includes(`Alpha ${TAG} v1 is deprecated`)).length;
}
