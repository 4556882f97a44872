import { ALERT_MESSAGES } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { ruleBody, ruleFormValues, validateRule } from './rule-form';

describe('the alert rule form', () => {
  it('asks for the bot and tag of a tag rule, under their inputs', () => {
    const values = { ...ruleFormValues(null), name: 'Unbooked' };
    expect(validateRule(values)).toEqual({
      bot_id: ALERT_MESSAGES.botRequired,
      tag_label: ALERT_MESSAGES.tagRequired,
    });
  });

  it('sends the amount in cents and no bot for a spend rule', () => {
    const values = {
      ...ruleFormValues(null),
      name: 'Spend',
      condition: 'spend_threshold' as const,
      spend_dollars: 250.5,
    };
    expect(validateRule(values)).toEqual({});
    expect(ruleBody(values)).toMatchObject({ spend_cents: 25050, bot_id: null });
    expect(validateRule({ ...values, spend_dollars: '' })).toEqual({
      spend_dollars: ALERT_MESSAGES.spendRequired,
    });
  });
});
