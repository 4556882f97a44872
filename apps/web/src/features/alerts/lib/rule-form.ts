import {
  alertRuleInputSchema,
  dollarsToCents,
  type AlertRule,
  type AlertRuleFormValues,
} from '@fieldbot/shared';

/** The form's values: the amount in dollars as typed, ids as strings ('' for none). */
export interface RuleFormValues {
  name: string;
  condition: AlertRuleFormValues['condition'];
  bot_id: string;
  tag_label: string;
  interaction_type: '' | 'csr-call' | 'field-recording';
  spend_dollars: number | string;
  recipient_roles: string[];
  recipient_user_ids: string[];
  channel: AlertRuleFormValues['channel'];
  enabled: boolean;
}

export function ruleFormValues(rule: AlertRule | null): RuleFormValues {
  return {
    name: rule?.name ?? '',
    condition: rule?.condition ?? 'tag_found',
    bot_id: rule?.bot_id ?? '',
    tag_label: rule?.tag_label ?? '',
    interaction_type: rule?.interaction_type ?? '',
    spend_dollars: rule?.spend_cents != null ? rule.spend_cents / 100 : '',
    recipient_roles: rule?.recipient_roles ?? ['company_admin', 'manager'],
    recipient_user_ids: rule?.recipient_user_ids ?? [],
    channel: rule?.channel ?? 'in_app',
    enabled: rule?.enabled ?? true,
  };
}

/** The request body of the form's values (the shared schema drops what the condition ignores). */
export function ruleBody(values: RuleFormValues): AlertRuleFormValues {
  const dollars = typeof values.spend_dollars === 'number' ? values.spend_dollars : NaN;
  return {
    name: values.name,
    condition: values.condition,
    bot_id: values.bot_id || null,
    tag_label: values.tag_label || null,
    interaction_type: values.interaction_type || null,
    spend_cents: Number.isFinite(dollars) ? dollarsToCents(dollars) : null,
    recipient_roles: values.recipient_roles as AlertRuleFormValues['recipient_roles'],
    recipient_user_ids: values.recipient_user_ids,
    channel: values.channel,
    enabled: values.enabled,
  };
}

/** Server field names → the form's inputs. */
export const FORM_FIELD: Record<string, keyof RuleFormValues> = {
  name: 'name',
  condition: 'condition',
  bot_id: 'bot_id',
  tag_label: 'tag_label',
  interaction_type: 'interaction_type',
  spend_cents: 'spend_dollars',
  recipient_roles: 'recipient_roles',
  recipient_user_ids: 'recipient_user_ids',
  channel: 'channel',
};

/** The shared schema's messages, under the form's inputs (the server says the same). */
export function validateRule(values: RuleFormValues): Record<string, string> {
  const parsed = alertRuleInputSchema.safeParse(ruleBody(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = FORM_FIELD[String(issue.path[0])] ?? 'name';
    errors[field] ??= issue.message;
  }
  return errors;
}
