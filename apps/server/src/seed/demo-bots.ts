import {
  withRuleDefaults,
  type BotInput,
  type BotRule,
  type OutputTagDefinition,
  type RuleFamily,
} from '@fieldbot/shared';
import { eq, sql } from 'drizzle-orm';
import { createExampleBuilder, demoSampleTranscripts } from '../modules/bots/index.js';
import { createRulesEngine } from '../providers/bot-engine/rules/rules-engine.js';
import type { Db } from '../db/client.js';
import {
  botRatings,
  botVersions,
  bots,
  companyBots,
  publisherClients,
} from '../db/schema/index.js';

/**
 * The demo publisher's bots: rules-engine bots, so the demo does real work
 * offline. Northwind publishes version 1 of each; Acme and Globex are subscribed to three of them (one for
 * field recordings, one for calls, one for both kinds of question a manager asks first).
 */

const tag = (
  index: number,
  label: string,
  description: string,
  rule: Partial<BotRule> & Pick<BotRule, 'speaker'>,
): OutputTagDefinition => ({
  index,
  label,
  description,
  rule: withRuleDefaults({ phrases: [], extractors: [], ...rule }),
});

const MAINTENANCE_PLAN_OFFERED: BotInput = {
  name: 'Maintenance plan offered',
  description:
    'Checks whether the technician offered a maintenance plan on the visit, whether the customer declined it, and the price given for it.',
  color: 'green',
  trigger: 'recording-complete',
  trigger_event: 'every',
  prompt:
    'Did the technician offer the customer a maintenance plan (membership, club, service agreement)? Quote the sentences where the plan is offered or explained, where the customer declines or puts it off, and any price given for it.',
  engine: 'rules',
  visibility: 'marketplace',
  output_tags: [
    tag(0, 'Plan offered', 'The technician offered or explained a maintenance plan.', {
      families: ['maintenance-plan'],
      speaker: 'agent',
    }),
    tag(1, 'Plan declined', 'The customer turned the plan down or put it off.', {
      families: ['declined-deferred'],
      speaker: 'customer',
      after_tag: 0,
    }),
    tag(2, 'Plan price', 'Amounts the technician gave for the plan.', {
      // Amounts said after the offer in sentences about the plan or a recurring charge: repair
      // prices said in the same breath are not the plan's.
      phrases: ['plan', 'membership', 'member', 'club', 'agreement', 'program', 'month', 'year'],
      families: ['maintenance-plan'],
      speaker: 'agent',
      extractors: ['money'],
      after_tag: 0,
    }),
  ],
};

const BOOKING_OUTCOME: BotInput = {
  name: 'Booking outcome',
  description: 'Tells whether the call ended with a booked appointment, with the evidence.',
  color: 'blue',
  trigger: 'call-complete',
  trigger_event: 'every',
  prompt:
    'Was an appointment booked on this call? Quote where the agent confirms the booking or dispatch, the time agreed, the slots offered, and where the customer declines or puts it off.',
  engine: 'rules',
  visibility: 'marketplace',
  output_tags: [
    tag(0, 'Booked', 'The agent confirmed an appointment or sent someone out.', {
      families: ['booking-confirmed'],
      speaker: 'agent',
    }),
    tag(1, 'Not booked', 'No booking: the customer declined or put it off, or no slot worked.', {
      families: ['declined-deferred'],
      phrases: ['booked solid', 'fully booked', 'no availability', 'no openings'],
      speaker: 'anyone',
      unless_tag: 0,
    }),
    tag(2, 'Time agreed', 'When the visit was booked for.', {
      families: ['booking-confirmed'],
      speaker: 'agent',
      extractors: ['datetime'],
    }),
    tag(3, 'Slot offered', 'The days, times or windows the agent offered.', {
      families: ['slot-offered'],
      speaker: 'agent',
    }),
  ],
};

const PRICE_QUOTED: BotInput = {
  name: 'Price quoted',
  description:
    'Lists every amount the technician quoted, in cents with what it is charged per (month, year, visit, hour).',
  color: 'orange',
  trigger: 'recording-complete',
  trigger_event: 'every',
  prompt:
    'List every price the technician quoted (repairs, replacements, fees, plans), each with what it is charged per.',
  engine: 'rules',
  visibility: 'marketplace',
  output_tags: [
    tag(0, 'Amounts quoted', 'Every amount the technician quoted, with its qualifier.', {
      speaker: 'agent',
      extractors: ['money'],
    }),
  ],
};

const concern = (index: number, label: string, description: string, family: RuleFamily) =>
  tag(index, label, description, { families: [family], speaker: 'customer' });

const CUSTOMER_CONCERNS: BotInput = {
  name: 'Customer concerns',
  description:
    'Collects what the caller was worried about, in their own words: price, timing, trust, warranty, safety, mess, noise and reliability.',
  color: 'red',
  trigger: 'call-complete',
  trigger_event: 'every',
  prompt:
    'What concerns did the customer raise on the call? Quote their own words for each: price, timing, trust, warranty, safety, mess, noise and the reliability of their equipment.',
  engine: 'rules',
  visibility: 'marketplace',
  output_tags: [
    concern(0, 'Price', 'Affordability and cost worries.', 'concern-price'),
    concern(1, 'Timing', 'Urgency and scheduling pressure.', 'concern-timing'),
    concern(2, 'Trust', 'Reputation, past bad service, doubts.', 'concern-trust'),
    concern(3, 'Warranty', 'Guarantees and coverage.', 'concern-warranty'),
    concern(4, 'Safety', 'Danger to people, pets or the home.', 'concern-safety'),
    concern(5, 'Mess', 'Dirt, dust and damage to the home.', 'concern-mess'),
    concern(6, 'Noise', 'Noisy equipment or work.', 'concern-noise'),
    concern(7, 'Reliability', 'Age or failure of equipment.', 'concern-reliability'),
  ],
};

const JOB_REVENUE_REVIEW: BotInput = {
  name: 'Job revenue review',
  description:
    "Reviews a customer's jobs when one completes: amounts discussed, upsells and follow-ups.",
  color: 'purple',
  trigger: 'job-complete',
  trigger_event: 'every',
  prompt:
    "Across this customer's conversations, list the amounts discussed, any upgrade or plan the team offered, and follow-up dates or callback numbers.",
  engine: 'rules',
  visibility: 'marketplace',
  output_tags: [
    tag(0, 'Amounts discussed', 'Every amount the team quoted.', {
      speaker: 'agent',
      extractors: ['money'],
    }),
    tag(1, 'Upsell offered', 'Upgrades, plans or extra work the team recommended.', {
      phrases: ['recommend', 'upgrade', 'tankless', 'new filter', 'smart thermostat'],
      families: ['maintenance-plan'],
      speaker: 'agent',
    }),
    tag(2, 'Follow-ups', 'Dates, times and phone numbers agreed for what comes next.', {
      families: ['booking-confirmed'],
      phrases: ['call back', 'next week', 'follow up'],
      speaker: 'anyone',
      extractors: ['datetime', 'phone'],
    }),
  ],
};

export const DEMO_BOTS: readonly BotInput[] = [
  MAINTENANCE_PLAN_OFFERED,
  BOOKING_OUTCOME,
  PRICE_QUOTED,
  CUSTOMER_CONCERNS,
  JOB_REVENUE_REVIEW,
];

/** The demo bots a subscribed company may run: field recordings and calls are both covered. */
export const DEMO_SUBSCRIBED_BOTS: readonly string[] = [
  MAINTENANCE_PLAN_OFFERED.name,
  BOOKING_OUTCOME.name,
  PRICE_QUOTED.name,
];

export const DEMO_BOT_CHANGELOG = 'First version.';

/** A demo company's rating of a demo bot, with the publisher's reply when it has one. */
export interface DemoRating {
  bot: string;
  companyId: string;
  ratedById: string | null;
  rating: number;
  comment: string | null;
  reply?: { text: string; repliedById: string | null };
}

/**
 * Inserts the demo bots for the publisher, publishes version 1 of each (with its marketplace
 * example, run by the rules engine over a demo clip), and subscribes each given company to
 * DEMO_SUBSCRIBED_BOTS at that version: the subscribers counter and the publisher_clients row of
 * each subscription are kept as the marketplace keeps them. Returns the bots' ids by name.
 */
export async function seedDemoBots(
  db: Db,
  options: {
    publisherId: string;
    companyIds: readonly string[];
    publishedById?: string | null;
    ratings?: readonly DemoRating[];
    /**
     * When the companies subscribed, which makes them the publisher's clients (the clients list's
     * "Since"); now when absent. The demo history runs after it.
     */
    subscribedAt?: Date;
  },
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const buildExample = createExampleBuilder({
    engines: { rules: createRulesEngine(), llm: null },
    samples: demoSampleTranscripts,
  });
  for (const bot of DEMO_BOTS) {
    const subscribed = DEMO_SUBSCRIBED_BOTS.includes(bot.name) ? options.companyIds : [];
    const [row] = await db
      .insert(bots)
      .values({
        publisherId: options.publisherId,
        name: bot.name,
        description: bot.description,
        prompt: bot.prompt,
        color: bot.color,
        trigger: bot.trigger,
        triggerEvent: bot.trigger_event,
        outputTags: bot.output_tags,
        engine: bot.engine,
        visibility: bot.visibility,
        status: 'published',
        latestVersion: 1,
        hasUnpublishedChanges: false,
        createdById: options.publishedById ?? null,
        subscribersCount: subscribed.length,
        publishedAt: sql`now()`,
      })
      .returning({ id: bots.id });
    const [version] = await db
      .insert(botVersions)
      .values({
        botId: row!.id,
        number: 1,
        name: bot.name,
        prompt: bot.prompt,
        color: bot.color,
        trigger: bot.trigger,
        triggerEvent: bot.trigger_event,
        outputTags: bot.output_tags,
        engine: bot.engine,
        referenceTexts: [],
        changelog: DEMO_BOT_CHANGELOG,
        publishedById: options.publishedById ?? null,
      })
      .returning();
    const example = await buildExample(version!);
    if (example) {
      await db.update(botVersions).set({ example }).where(eq(botVersions.id, version!.id));
    }
    ids.set(bot.name, row!.id);
    if (subscribed.length > 0) {
      await db.insert(companyBots).values(
        subscribed.map((companyId) => ({
          companyId,
          botId: row!.id,
          versionId: version!.id,
          ...(options.subscribedAt ? { subscribedAt: options.subscribedAt } : {}),
        })),
      );
      await db
        .insert(publisherClients)
        .values(
          subscribed.map((companyId) => ({
            publisherId: options.publisherId,
            companyId,
            source: 'subscription' as const,
            ...(options.subscribedAt ? { createdAt: options.subscribedAt } : {}),
          })),
        )
        .onConflictDoNothing();
    }
  }
  for (const rating of options.ratings ?? []) {
    const botId = ids.get(rating.bot)!;
    await db.insert(botRatings).values({
      companyId: rating.companyId,
      botId,
      rating: rating.rating,
      comment: rating.comment,
      ratedById: rating.ratedById,
      reply: rating.reply?.text ?? null,
      repliedById: rating.reply?.repliedById ?? null,
      repliedAt: rating.reply ? sql`now()` : null,
    });
    await db
      .update(bots)
      .set({
        ratingSum: sql`${bots.ratingSum} + ${rating.rating}`,
        ratingCount: sql`${bots.ratingCount} + 1`,
      })
      .where(eq(bots.id, botId));
  }
  return ids;
}
