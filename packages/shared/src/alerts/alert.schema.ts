import { z } from 'zod';
import { ROLE } from '../auth/roles';
import { INTERACTION_TYPES, pageSchema } from '../interactions/interaction.schema';
import { MESSAGES } from '../validation/messages';

/**
 * Alerts (issue 26 §1): company rules that turn a finding (a bot's output tag found or not found,
 * a job completed without a recording, the month's spend passing an amount) into notifications
 * for chosen roles and people, in-app and optionally by e-mail at once or in a 7:00 digest.
 */

/** CRUD of the company's rules (company admin and manager). */
export const alertRulesPath = '/api/alerts/rules';
export const alertRulePath = (id: string) => `/api/alerts/rules/${id}`;
/** What the rule form offers: the company's bots with their output tags, and its people. */
export const alertRuleOptionsPath = '/api/alerts/options';
/** The caller's notifications (every company role; a technician's are their own only). */
export const notificationsPath = '/api/notifications';
export const notificationsUnreadPath = '/api/notifications/unread-count';
export const notificationReadPath = (id: string) => `/api/notifications/${id}/read`;
export const notificationsReadAllPath = '/api/notifications/read-all';
/** text/event-stream of the unread count; the client falls back to polling the count. */
export const notificationsStreamPath = '/api/notifications/stream';
/** The caller's own per-rule preferences (profile page). */
export const alertPreferencesPath = '/api/alerts/preferences';
/** One-click unsubscribe (RFC 8058): no session, a signed token proves the recipient. */
export const alertUnsubscribePath = (token: string) => `/api/alerts/unsubscribe/${token}`;
/** The web page an unsubscribe e-mail link opens (public, it confirms with a POST). */
export const ALERT_UNSUBSCRIBE_PAGE = '/public/alerts/unsubscribe';
/** How often a stream re-reads the unread count, sends a heartbeat, and lives before the client reconnects. */
export const NOTIFICATION_STREAM = {
  pollMs: 3_000,
  heartbeatMs: 15_000,
  lifetimeMs: 300_000,
} as const;
/** The client's polling of the unread count while the stream is down. */
export const NOTIFICATIONS_POLL_MS = 15_000;
/** The Alerts settings page (company admin and manager). */
export const ALERTS_SETTINGS_PATH = '/settings/alerts';

export const ALERT_CONDITIONS = [
  'tag_found',
  'tag_not_found',
  'job_without_recording',
  'spend_threshold',
] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

export const ALERT_CONDITION_LABELS: Record<AlertCondition, string> = {
  tag_found: 'A bot output tag is found',
  tag_not_found: 'A bot output tag is not found',
  job_without_recording: 'A job is completed without a recording',
  spend_threshold: "The month's spend reaches an amount",
};

export const ALERT_CHANNELS = ['in_app', 'email', 'digest'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = {
  in_app: 'In-app only',
  email: 'In-app and e-mail at once',
  digest: 'In-app and a daily e-mail digest at 7:00',
};

export const ALERT_RECIPIENT_ROLES = [ROLE.COMPANY_ADMIN, ROLE.MANAGER, ROLE.FIELD_TEAM] as const;
export type AlertRecipientRole = (typeof ALERT_RECIPIENT_ROLES)[number];

export const ALERT_LIMITS = {
  nameMax: 100,
  tagLabelMax: 100,
  recipientsMax: 50,
  rulesPerCompany: 100,
  /** $10,000,000: far above any month's spend, small enough for an int column. */
  spendCentsMax: 1_000_000_000,
} as const;

export const ALERT_MESSAGES = {
  tagRequired: 'Choose the output tag to watch.',
  botRequired: 'Choose the bot whose output tag to watch.',
  spendRequired: 'Enter the amount that fires the alert.',
  recipientsRequired: 'Choose at least one role or person to alert.',
  unknownBot: 'Choose one of your bots.',
  unknownTag: "Choose one of the bot's output tags.",
  unknownUser: 'Choose people from your company.',
  unknownRule: 'Choose alert rules that reach you.',
  tooManyRules: `A company has at most ${ALERT_LIMITS.rulesPerCompany} alert rules.`,
  ruleSaved: 'Alert rule saved.',
  ruleDeleted: 'Alert rule deleted.',
  preferencesSaved: 'Alert preferences saved.',
  unsubscribed: 'You will no longer receive e-mails for this alert.',
  noNotifications: 'No notifications yet.',
  noRules: 'No alert rules yet.',
} as const;

const nullableUuid = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.uuid({ error: MESSAGES.selectValidValue }).nullable(),
);

/** Create and update body of a rule: the fields a condition does not use must be null. */
export const alertRuleInputSchema = z
  .object({
    name: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(ALERT_LIMITS.nameMax, `Name cannot have more than ${ALERT_LIMITS.nameMax} characters.`),
    condition: z.enum(ALERT_CONDITIONS, { error: MESSAGES.selectValidValue }),
    bot_id: nullableUuid.default(null),
    tag_label: z
      .string()
      .trim()
      .max(ALERT_LIMITS.tagLabelMax, MESSAGES.invalidValue)
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
    /** Only interactions of this type (null: both kinds). */
    interaction_type: z
      .enum(INTERACTION_TYPES, { error: MESSAGES.selectValidValue })
      .nullable()
      .default(null),
    spend_cents: z
      .number({ error: MESSAGES.invalidValue })
      .int(MESSAGES.invalidValue)
      .min(1, MESSAGES.invalidValue)
      .max(ALERT_LIMITS.spendCentsMax, MESSAGES.invalidValue)
      .nullable()
      .default(null),
    recipient_roles: z
      .array(z.enum(ALERT_RECIPIENT_ROLES, { error: MESSAGES.selectValidValue }))
      .max(ALERT_RECIPIENT_ROLES.length)
      .default([])
      .transform((roles) => [...new Set(roles)]),
    recipient_user_ids: z
      .array(z.uuid({ error: MESSAGES.selectValidValue }))
      .max(ALERT_LIMITS.recipientsMax, MESSAGES.invalidValue)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    channel: z.enum(ALERT_CHANNELS, { error: MESSAGES.selectValidValue }),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    const tagRule = rule.condition === 'tag_found' || rule.condition === 'tag_not_found';
    if (tagRule && !rule.bot_id) {
      ctx.addIssue({ code: 'custom', path: ['bot_id'], message: ALERT_MESSAGES.botRequired });
    }
    if (tagRule && !rule.tag_label) {
      ctx.addIssue({ code: 'custom', path: ['tag_label'], message: ALERT_MESSAGES.tagRequired });
    }
    if (rule.condition === 'spend_threshold' && rule.spend_cents === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['spend_cents'],
        message: ALERT_MESSAGES.spendRequired,
      });
    }
    if (rule.recipient_roles.length === 0 && rule.recipient_user_ids.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipient_roles'],
        message: ALERT_MESSAGES.recipientsRequired,
      });
    }
  })
  // Fields the condition ignores are dropped, so a stored rule never carries a stale bot or amount.
  .transform((rule) => {
    const tagRule = rule.condition === 'tag_found' || rule.condition === 'tag_not_found';
    return {
      ...rule,
      bot_id: tagRule ? rule.bot_id : null,
      tag_label: tagRule ? rule.tag_label : null,
      interaction_type: tagRule ? rule.interaction_type : null,
      spend_cents: rule.condition === 'spend_threshold' ? rule.spend_cents : null,
    };
  });
export type AlertRuleInput = z.output<typeof alertRuleInputSchema>;
export type AlertRuleFormValues = z.input<typeof alertRuleInputSchema>;

export const alertRuleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  condition: z.enum(ALERT_CONDITIONS),
  bot_id: z.uuid().nullable(),
  bot_name: z.string().nullable(),
  tag_label: z.string().nullable(),
  interaction_type: z.enum(INTERACTION_TYPES).nullable(),
  spend_cents: z.number().int().nullable(),
  recipient_roles: z.array(z.enum(ALERT_RECIPIENT_ROLES)),
  recipient_user_ids: z.array(z.uuid()),
  channel: z.enum(ALERT_CHANNELS),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRuleIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.invalidValue }) });

export const alertRulesResponseSchema = z.object({ data: z.array(alertRuleSchema) });
export const alertRuleResponseSchema = z.object({ message: z.string(), data: alertRuleSchema });
export const alertMessageResponseSchema = z.object({ message: z.string() });

export const alertRuleOptionsSchema = z.object({
  bots: z.array(z.object({ id: z.uuid(), name: z.string(), tags: z.array(z.string()) })),
  users: z.array(z.object({ id: z.uuid(), name: z.string(), role: z.enum(ALERT_RECIPIENT_ROLES) })),
});
export const alertRuleOptionsResponseSchema = z.object({ data: alertRuleOptionsSchema });
export type AlertRuleOptions = z.infer<typeof alertRuleOptionsSchema>;

export const NOTIFICATION_ORDERS = ['unread_first', 'newest'] as const;

export const notificationsQuerySchema = z.object({
  page: pageSchema,
  order: z.enum(NOTIFICATION_ORDERS, { error: MESSAGES.selectValidValue }).default('unread_first'),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  rule_name: z.string(),
  condition: z.enum(ALERT_CONDITIONS),
  summary: z.string(),
  /** Where the evidence is: the interaction at its moment, a customer, or the capacity page. */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  data: z.object({
    items: z.array(notificationSchema),
    count: z.number().int(),
    unread: z.number().int(),
  }),
});
export const unreadCountResponseSchema = z.object({ data: z.object({ unread: z.number().int() }) });
export const notificationIdParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.invalidValue }),
});

/** The caller's choice for one rule that alerts them (none stored: both on). */
export const alertPreferenceSchema = z.object({
  rule_id: z.uuid(),
  rule_name: z.string(),
  channel: z.enum(ALERT_CHANNELS),
  email: z.boolean(),
  in_app: z.boolean(),
});
export type AlertPreference = z.infer<typeof alertPreferenceSchema>;
export const alertPreferencesResponseSchema = z.object({ data: z.array(alertPreferenceSchema) });
export const alertPreferencesInputSchema = z.object({
  preferences: z
    .array(
      z.object({
        rule_id: z.uuid({ error: MESSAGES.selectValidValue }),
        email: z.boolean({ error: MESSAGES.invalidValue }),
        in_app: z.boolean({ error: MESSAGES.invalidValue }),
      }),
    )
    .max(ALERT_LIMITS.rulesPerCompany),
});
export type AlertPreferencesInput = z.infer<typeof alertPreferencesInputSchema>;

/** What the unsubscribe landing page shows before the one-click POST. */
export const alertUnsubscribeInfoResponseSchema = z.object({
  data: z.object({ rule_name: z.string(), email: z.string() }),
});
export const alertTokenParamsSchema = z.object({ token: z.string().min(1).max(600) });
