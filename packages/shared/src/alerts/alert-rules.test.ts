import { describe, expect, it } from 'vitest';
import {
  alertRecipients,
  alertSummary,
  deliveryOf,
  evidenceOffset,
  resultMatchesRule,
  type AlertRuleLike,
  type ResultFinding,
} from './alert-rules';
import { alertRuleInputSchema, ALERT_MESSAGES } from './alert.schema';

const BOT = '00000000-0000-4000-8000-000000000001';
const rule = (over: Partial<AlertRuleLike> = {}): AlertRuleLike => ({
  condition: 'tag_found',
  bot_id: BOT,
  tag_label: 'Not booked',
  interaction_type: null,
  spend_cents: null,
  recipient_roles: ['manager'],
  recipient_user_ids: [],
  channel: 'in_app',
  ...over,
});
const result = (data: string | null, over: Partial<ResultFinding> = {}): ResultFinding => ({
  bot_id: BOT,
  bot_name: 'Booking outcome',
  interaction_id: 'i1',
  interaction_type: 'csr-call',
  output_tags: [
    { id: 0, label: 'Booked', data: null },
    { id: 1, label: 'Not booked', data },
  ],
  response_tags: data
    ? [
        { tag_id: 1, index_start: 40 },
        { tag_id: 1, index_start: 12 },
      ]
    : [],
  ...over,
});

describe('resultMatchesRule', () => {
  it('fires "found" when the tag has data, and "not found" when it has none', () => {
    expect(resultMatchesRule(rule(), result('maybe later'))).toBe(true);
    expect(resultMatchesRule(rule(), result(null))).toBe(false);
    expect(resultMatchesRule(rule({ condition: 'tag_not_found' }), result(null))).toBe(true);
    expect(resultMatchesRule(rule({ condition: 'tag_not_found' }), result('x'))).toBe(false);
  });

  it('treats a tag the bot did not report as not found, and ignores label case', () => {
    const none = result(null, { output_tags: [] });
    expect(resultMatchesRule(rule({ condition: 'tag_not_found' }), none)).toBe(true);
    expect(resultMatchesRule(rule({ tag_label: 'NOT BOOKED ' }), result('x'))).toBe(true);
  });

  it("ignores other bots' results and other interaction types", () => {
    expect(resultMatchesRule(rule(), result('x', { bot_id: 'other' }))).toBe(false);
    const visitsOnly = rule({ interaction_type: 'field-recording' });
    expect(resultMatchesRule(visitsOnly, result('x'))).toBe(false);
    expect(
      resultMatchesRule(visitsOnly, result('x', { interaction_type: 'field-recording' })),
    ).toBe(true);
  });

  it('never fires for rules that do not watch tags', () => {
    expect(resultMatchesRule(rule({ condition: 'spend_threshold' }), result('x'))).toBe(false);
  });
});

describe('evidenceOffset', () => {
  it("is the found tag's earliest quote, and nothing for a tag not found", () => {
    expect(evidenceOffset(rule(), result('x'))).toBe(12);
    expect(evidenceOffset(rule({ condition: 'tag_not_found' }), result(null))).toBeNull();
  });
});

describe('alertRecipients', () => {
  const members = [
    { id: 'admin', role: 'company_admin' as const },
    { id: 'manager', role: 'manager' as const },
    { id: 'tech-a', role: 'field_team' as const },
    { id: 'tech-b', role: 'field_team' as const },
  ];

  it('sends to the named roles and people', () => {
    expect(alertRecipients(rule({ recipient_user_ids: ['admin'] }), members, [])).toEqual([
      'admin',
      'manager',
    ]);
  });

  it('sends technicians only alerts about their own work', () => {
    const techs = rule({ recipient_roles: ['field_team'], recipient_user_ids: ['tech-b'] });
    expect(alertRecipients(techs, members, ['tech-a'])).toEqual(['tech-a']);
    expect(alertRecipients(techs, members, [])).toEqual([]);
  });
});

describe('deliveryOf', () => {
  it("follows the rule's channel unless the person muted e-mail or the bell", () => {
    expect(deliveryOf('email', undefined)).toEqual({ inApp: true, email: 'immediate' });
    expect(deliveryOf('digest', undefined)).toEqual({ inApp: true, email: 'digest' });
    expect(deliveryOf('in_app', undefined)).toEqual({ inApp: true, email: 'none' });
    expect(deliveryOf('email', { email: false, in_app: false })).toEqual({
      inApp: false,
      email: 'none',
    });
  });
});

describe('alertSummary', () => {
  it('names the bot and tag, the job, or the spend', () => {
    expect(alertSummary(rule(), { botName: 'Booking outcome' })).toBe(
      'Booking outcome: Not booked',
    );
    expect(
      alertSummary(rule({ condition: 'tag_not_found', tag_label: 'Plan offered' }), {
        botName: 'Maintenance plan offered',
      }),
    ).toBe('Maintenance plan offered: "Plan offered" not found');
    expect(alertSummary(rule({ condition: 'job_without_recording' }), { jobNumber: 'J-7' })).toBe(
      'Job J-7 completed without a recording',
    );
    expect(
      alertSummary(rule({ condition: 'spend_threshold', spend_cents: 50_000 }), {
        spentCents: 51_234,
      }),
    ).toBe("This month's spend $512.34 reached $500.00");
  });
});

describe('alertRuleInputSchema', () => {
  const base = { name: 'Unbooked calls', channel: 'email', recipient_roles: ['manager'] };

  it('asks tag rules for their bot and tag, spend rules for their amount', () => {
    const tag = alertRuleInputSchema.safeParse({ ...base, condition: 'tag_found' });
    expect(tag.success).toBe(false);
    const messages = tag.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual([
      ['bot_id', ALERT_MESSAGES.botRequired],
      ['tag_label', ALERT_MESSAGES.tagRequired],
    ]);
    const spend = alertRuleInputSchema.safeParse({ ...base, condition: 'spend_threshold' });
    expect(spend.error!.issues[0]).toMatchObject({
      path: ['spend_cents'],
      message: ALERT_MESSAGES.spendRequired,
    });
  });

  it('needs someone to alert', () => {
    const parsed = alertRuleInputSchema.safeParse({
      ...base,
      recipient_roles: [],
      condition: 'job_without_recording',
    });
    expect(parsed.error!.issues[0]!.message).toBe(ALERT_MESSAGES.recipientsRequired);
  });

  it('drops the fields the condition does not use', () => {
    const parsed = alertRuleInputSchema.parse({
      ...base,
      condition: 'job_without_recording',
      bot_id: BOT,
      tag_label: 'Booked',
      spend_cents: 100,
    });
    expect(parsed).toMatchObject({ bot_id: null, tag_label: null, spend_cents: null });
  });
});
