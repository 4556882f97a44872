import { describe, expect, it } from 'vitest';
import {
  BOT_TRIGGER_EVENTS,
  BOT_TRIGGERS,
  type BotTrigger,
  type BotTriggerEvent,
} from './bot-constants';
import {
  botAppliesToCustomer,
  botAppliesToInteraction,
  botFiresOnJobCompleted,
  selectBotsForInteraction,
} from './trigger-selection';

const allBots = BOT_TRIGGERS.flatMap((trigger) =>
  BOT_TRIGGER_EVENTS.map((trigger_event) => ({ trigger, trigger_event })),
);
const key = (b: { trigger: BotTrigger; trigger_event: BotTriggerEvent }) =>
  `${b.trigger}/${b.trigger_event}`;

describe('spec §5 Run Bots: selectable bots per interaction', () => {
  it('a field recording takes every recording-complete bot and nothing else', () => {
    const picked = selectBotsForInteraction(allBots, { type: 'field-recording', call_type: null });
    expect(picked.map(key)).toEqual(BOT_TRIGGER_EVENTS.map((e) => `recording-complete/${e}`));
  });

  it('a Booked call takes call-complete with every or call-booked', () => {
    const picked = selectBotsForInteraction(allBots, { type: 'csr-call', call_type: 'Booked' });
    expect(picked.map(key).sort()).toEqual(['call-complete/call-booked', 'call-complete/every']);
  });

  it('an Unbooked call takes call-complete with every or call-unbooked', () => {
    const picked = selectBotsForInteraction(allBots, { type: 'csr-call', call_type: 'Unbooked' });
    expect(picked.map(key).sort()).toEqual(['call-complete/call-unbooked', 'call-complete/every']);
  });

  it('a call without a call type takes only call-complete/every', () => {
    const picked = selectBotsForInteraction(allBots, { type: 'csr-call', call_type: null });
    expect(picked.map(key)).toEqual(['call-complete/every']);
  });

  it('job-complete bots never apply to an interaction', () => {
    for (const bot of allBots.filter((b) => b.trigger === 'job-complete')) {
      expect(botAppliesToInteraction(bot, { type: 'csr-call', call_type: 'Booked' })).toBe(false);
      expect(botAppliesToInteraction(bot, { type: 'field-recording', call_type: null })).toBe(
        false,
      );
    }
  });
});

describe('customer-level run and job-complete automation', () => {
  it('offers only job-complete bots at customer level', () => {
    expect(allBots.filter(botAppliesToCustomer).every((b) => b.trigger === 'job-complete')).toBe(
      true,
    );
    expect(allBots.filter(botAppliesToCustomer)).toHaveLength(BOT_TRIGGER_EVENTS.length);
  });

  it.each([
    ['every', 0, true],
    ['every', 123_45, true],
    ['equal-to-revenue', 0, true],
    ['equal-to-revenue', null, true],
    ['equal-to-revenue', 1, false],
    ['greater-to-revenue', 1_000_000, false],
    ['greater-to-revenue', 1_000_001, true],
    ['greater-to-revenue', null, false],
    ['call-booked', 5_000_000, false],
  ] as const)('job-complete/%s fires on revenue %s cents: %s', (event, cents, fires) => {
    expect(botFiresOnJobCompleted({ trigger: 'job-complete', trigger_event: event }, cents)).toBe(
      fires,
    );
  });

  it('non-job bots never fire on a completed job', () => {
    expect(botFiresOnJobCompleted({ trigger: 'call-complete', trigger_event: 'every' }, 0)).toBe(
      false,
    );
  });
});
