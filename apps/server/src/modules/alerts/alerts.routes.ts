import {
  ALERT_MESSAGES,
  alertMessageResponseSchema,
  alertPreferencesInputSchema,
  alertPreferencesPath,
  alertPreferencesResponseSchema,
  alertRuleIdParamsSchema,
  alertRuleInputSchema,
  alertRuleOptionsPath,
  alertRuleOptionsResponseSchema,
  alertRuleResponseSchema,
  alertRulesPath,
  alertRulesResponseSchema,
  alertTokenParamsSchema,
  alertUnsubscribeInfoResponseSchema,
  ALERT_RECIPIENT_ROLES,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import { RULE_EDITORS, type AlertsService } from './alerts.service.js';

/** Rules are the company's: its admins and managers keep them. */
const editors: RouteAuth = { roles: RULE_EDITORS };
/** Every company role has its own preferences (a technician's reach only their own alerts). */
const members: RouteAuth = { roles: ALERT_RECIPIENT_ROLES };

const rulePath = `${alertRulesPath}/:id`;
const unsubscribePath = '/api/alerts/unsubscribe/:token';

export async function alertsRoutes(app: FastifyInstance, deps: { alerts: AlertsService }) {
  const { alerts } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    alertRulesPath,
    { config: { auth: editors }, schema: { response: { 200: alertRulesResponseSchema } } },
    async (request) => ({ data: await alerts.rules(request.user!) }),
  );

  r.get(
    alertRuleOptionsPath,
    { config: { auth: editors }, schema: { response: { 200: alertRuleOptionsResponseSchema } } },
    async (request) => ({ data: await alerts.options(request.user!) }),
  );

  r.post(
    alertRulesPath,
    {
      config: { auth: editors },
      schema: { body: alertRuleInputSchema, response: { 200: alertRuleResponseSchema } },
    },
    async (request) => ({
      message: ALERT_MESSAGES.ruleSaved,
      data: await alerts.create(request.user!, request.body),
    }),
  );

  r.put(
    rulePath,
    {
      config: { auth: editors },
      schema: {
        params: alertRuleIdParamsSchema,
        body: alertRuleInputSchema,
        response: { 200: alertRuleResponseSchema },
      },
    },
    async (request) => ({
      message: ALERT_MESSAGES.ruleSaved,
      data: await alerts.update(request.user!, request.params.id, request.body),
    }),
  );

  r.delete(
    rulePath,
    {
      config: { auth: editors },
      schema: { params: alertRuleIdParamsSchema, response: { 200: alertMessageResponseSchema } },
    },
    async (request) => {
      await alerts.remove(request.user!, request.params.id);
      return { message: ALERT_MESSAGES.ruleDeleted };
    },
  );

  r.get(
    alertPreferencesPath,
    { config: { auth: members }, schema: { response: { 200: alertPreferencesResponseSchema } } },
    async (request) => ({ data: await alerts.preferences(request.user!) }),
  );

  r.put(
    alertPreferencesPath,
    {
      config: { auth: members },
      schema: {
        body: alertPreferencesInputSchema,
        response: { 200: alertPreferencesResponseSchema },
      },
    },
    async (request) => ({ data: await alerts.savePreferences(request.user!, request.body) }),
  );

  // Unsubscribe links work without a session: the signed token is the proof (unsubscribe-token.ts).
  await app.register(async (scope) => {
    // RFC 8058: a mail client's one-click POST is form-encoded ("List-Unsubscribe=One-Click").
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.get(
      unsubscribePath,
      {
        config: { auth: 'public' },
        schema: {
          params: alertTokenParamsSchema,
          response: { 200: alertUnsubscribeInfoResponseSchema },
        },
      },
      async (request) => {
        const info = await alerts.unsubscribeInfo(request.params.token);
        return { data: { rule_name: info.rule_name, email: info.email } };
      },
    );
    s.post(
      unsubscribePath,
      {
        // No session or CSRF header comes with a mail client's POST; the token replaces both.
        config: { auth: 'public', csrf: false },
        schema: { params: alertTokenParamsSchema, response: { 200: alertMessageResponseSchema } },
      },
      async (request) => {
        await alerts.unsubscribe(request.params.token);
        return { message: ALERT_MESSAGES.unsubscribed };
      },
    );
  });
}
