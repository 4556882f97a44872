import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  ROLE,
  type AlertPreference,
  type AlertPreferencesInput,
  type AlertRule,
  type AlertRuleInput,
  type Notification,
  type NotificationsQuery,
  type User,
} from '@fieldbot/shared';
import { DomainError, FieldValidationError, notFound } from '../../lib/errors.js';
import { viewerScope } from '../../lib/viewer-scope.js';
import type { AlertRuleRow, AlertsRepo } from './alerts.repo.js';
import { verifyUnsubscribe } from './unsubscribe-token.js';

export type AlertsService = ReturnType<typeof createAlertsService>;

const iso = (d: Date | string) => new Date(d).toISOString();

function toRule(row: { rule: AlertRuleRow; botName: string | null }): AlertRule {
  const { rule } = row;
  return {
    id: rule.id,
    name: rule.name,
    condition: rule.condition,
    bot_id: rule.botId,
    bot_name: row.botName,
    tag_label: rule.tagLabel,
    interaction_type: rule.interactionType,
    spend_cents: rule.spendCents,
    recipient_roles: rule.recipientRoles,
    recipient_user_ids: rule.recipientUserIds,
    channel: rule.channel,
    enabled: rule.enabled,
    created_at: iso(rule.createdAt),
    updated_at: iso(rule.updatedAt),
  };
}

/** A rule reaches the user: their role is named, or they are. */
const reaches = (rule: AlertRuleRow, user: User) =>
  (rule.recipientRoles as string[]).includes(user.role.alias) ||
  rule.recipientUserIds.includes(user.id);

export function createAlertsService(deps: { repo: AlertsRepo; secret: string }) {
  const { repo } = deps;

  /** The rule's bot is the company's, its tag one of the bot's, its people the company's. */
  async function check(companyId: string, input: AlertRuleInput) {
    const errors: Record<string, string[]> = {};
    if (input.bot_id) {
      const bot = (await repo.companyBots(companyId)).find((b) => b.id === input.bot_id);
      if (!bot) errors.bot_id = [ALERT_MESSAGES.unknownBot];
      else if (
        input.tag_label &&
        !bot.tags.some((t) => t.toLowerCase() === input.tag_label!.toLowerCase())
      ) {
        errors.tag_label = [ALERT_MESSAGES.unknownTag];
      }
    }
    if (input.recipient_user_ids.length > 0) {
      const members = new Set((await repo.members(companyId)).map((m) => m.id));
      if (input.recipient_user_ids.some((id) => !members.has(id))) {
        errors.recipient_user_ids = [ALERT_MESSAGES.unknownUser];
      }
    }
    if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
  }

  async function ruleOf(companyId: string, id: string) {
    const row = await repo.rule(companyId, id);
    if (!row) throw notFound();
    return toRule(row);
  }

  return {
    async rules(user: User): Promise<AlertRule[]> {
      return (await repo.rules(viewerScope(user).companyId)).map(toRule);
    },

    async options(user: User) {
      const { companyId } = viewerScope(user);
      const [bots, members] = await Promise.all([
        repo.companyBots(companyId),
        repo.members(companyId),
      ]);
      return { bots, users: members.map((m) => ({ id: m.id, name: m.name, role: m.role })) };
    },

    async create(user: User, input: AlertRuleInput): Promise<AlertRule> {
      const { companyId } = viewerScope(user);
      await check(companyId, input);
      if ((await repo.ruleCount(companyId)) >= ALERT_LIMITS.rulesPerCompany) {
        throw new DomainError(422, ALERT_MESSAGES.tooManyRules, {
          errors: { name: [ALERT_MESSAGES.tooManyRules] },
        });
      }
      return ruleOf(companyId, await repo.insertRule(companyId, user.id, input));
    },

    async update(user: User, id: string, input: AlertRuleInput): Promise<AlertRule> {
      const { companyId } = viewerScope(user);
      if (!(await repo.rule(companyId, id))) throw notFound();
      await check(companyId, input);
      await repo.updateRule(companyId, id, input);
      return ruleOf(companyId, id);
    },

    async remove(user: User, id: string) {
      if (!(await repo.deleteRule(viewerScope(user).companyId, id))) throw notFound();
    },

    async notifications(user: User, query: NotificationsQuery) {
      // An admin who has not created the company yet has nothing to be alerted about.
      if (!user.company) return { items: [], count: 0, unread: 0 };
      const { companyId } = viewerScope(user);
      const [page, unread] = await Promise.all([
        repo.notifications(user.id, companyId, query),
        repo.unreadCount(user.id, companyId),
      ]);
      const items: Notification[] = page.items.map((n) => ({
        id: n.id,
        rule_name: n.ruleName,
        condition: n.condition,
        summary: n.summary,
        link: n.link,
        created_at: iso(n.createdAt),
        read_at: n.readAt ? iso(n.readAt) : null,
      }));
      return { items, count: page.count, unread };
    },

    async unread(user: User) {
      if (!user.company) return { unread: 0 };
      return { unread: await repo.unreadCount(user.id, viewerScope(user).companyId) };
    },

    async markRead(user: User, id: string) {
      const { companyId } = viewerScope(user);
      if (!(await repo.markRead(user.id, companyId, id))) throw notFound();
      return { unread: await repo.unreadCount(user.id, companyId) };
    },

    async markAllRead(user: User) {
      const { companyId } = viewerScope(user);
      await repo.markAllRead(user.id, companyId);
      return { unread: 0 };
    },

    /** The rules that reach the user (a technician: those naming technicians or them). */
    async preferences(user: User): Promise<AlertPreference[]> {
      const { companyId } = viewerScope(user);
      const [rows, saved] = await Promise.all([
        repo.preferenceRows(companyId),
        repo.userPreferences(user.id),
      ]);
      const mine = new Map(saved.map((p) => [p.ruleId, p]));
      return rows
        .filter(({ rule }) => reaches(rule, user))
        .map(({ rule }) => ({
          rule_id: rule.id,
          rule_name: rule.name,
          channel: rule.channel,
          email: mine.get(rule.id)?.email ?? true,
          in_app: mine.get(rule.id)?.inApp ?? true,
        }));
    },

    async savePreferences(user: User, input: AlertPreferencesInput) {
      const { companyId } = viewerScope(user);
      const reachable = new Set(
        (await repo.preferenceRows(companyId))
          .filter(({ rule }) => reaches(rule, user))
          .map(({ rule }) => rule.id),
      );
      if (input.preferences.some((p) => !reachable.has(p.rule_id))) {
        throw new FieldValidationError({ preferences: [ALERT_MESSAGES.unknownRule] });
      }
      for (const p of input.preferences) {
        await repo.savePreference(user.id, p.rule_id, p.email, p.in_app);
      }
      return this.preferences(user);
    },

    /** Who a link unsubscribes from what; a tampered or stale link (rule gone) is 404. */
    async unsubscribeInfo(token: string) {
      const target = verifyUnsubscribe(deps.secret, token);
      const row = target ? await repo.userWithRule(target.userId, target.ruleId) : null;
      if (!target || !row) throw notFound();
      return { ...target, rule_name: row.ruleName, email: row.email };
    },

    async unsubscribe(token: string) {
      const info = await this.unsubscribeInfo(token);
      await repo.muteEmail(info.userId, info.ruleId);
      return info;
    },
  };
}

/** Rules CRUD is for company admins and managers; ROLE is re-exported for the routes. */
export const RULE_EDITORS = [ROLE.COMPANY_ADMIN, ROLE.MANAGER] as const;
