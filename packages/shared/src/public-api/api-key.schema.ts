import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/**
 * Public API keys (issue 26 §4): a company admin creates keys with scopes; each key calls the
 * read-only /api/v1 routes of its own company. The key itself is shown once, at creation.
 */
export const API_KEY_SCOPES = ['interactions:read', 'bot_results:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key read (the settings page's checkboxes and the OpenAPI document). */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  'interactions:read': {
    label: 'Interactions and transcripts',
    description: 'Read interactions, their transcripts and transcript segments.',
  },
  'bot_results:read': {
    label: 'Bot results',
    description: 'Read bot results: output tags and the transcript evidence behind them.',
  },
};

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_TOKEN_PREFIX = 'fbk_';

export const API_KEY_LIMITS = {
  nameMax: 100,
  /** Active (unrevoked) keys per company: enough for every integration, few enough to review. */
  activePerCompany: 25,
} as const;

export const API_KEY_MESSAGES = {
  created: 'API key created.',
  revoked: 'API key revoked.',
  tooMany: `A company can have at most ${API_KEY_LIMITS.activePerCompany} active API keys. Revoke one you no longer use first.`,
  alreadyRevoked: 'This API key is already revoked.',
  /** 401 of /api/v1: no key, a malformed or unknown key, or a revoked one (never says which). */
  invalidKey: 'Missing, invalid or revoked API key. Send it as "Authorization: Bearer <key>".',
  /** 403 of /api/v1 while the company has a payment due, as the app itself is closed then. */
  paymentDue:
    'Your company has a payment due. The API is paused until the outstanding invoice is paid.',
  missingScope: (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope.`,
  tooManyRequests: (seconds: number) =>
    `Too many requests for this API key. Please try again in ${seconds} seconds.`,
  chooseScope: 'Please select at least one scope',
} as const;

export const API_KEY_STATUSES = ['active', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** POST /api/company/api-keys. */
export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ error: MESSAGES.enterName })
    .trim()
    .min(1, MESSAGES.enterName)
    .max(API_KEY_LIMITS.nameMax, MESSAGES.invalidName),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: MESSAGES.selectValidValue }), {
      error: API_KEY_MESSAGES.chooseScope,
    })
    .min(1, API_KEY_MESSAGES.chooseScope)
    .max(API_KEY_SCOPES.length, MESSAGES.selectValidValue)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** One key as the settings page lists it: never the key itself, only its display prefix. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters (`fbk_` and its public id), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** Who created it; null once that user is deleted. */
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** Updated at most once a minute per key; null until first used. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = z.object({ data: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

/** The only answer that carries the key; it is not stored and cannot be read again. */
export const createApiKeyResponseSchema = z.object({
  message: z.string(),
  data: z.object({ api_key: apiKeySchema, key: z.string() }),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const revokeApiKeyResponseSchema = z.object({ message: z.string(), data: apiKeySchema });
export type RevokeApiKeyResponse = z.infer<typeof revokeApiKeyResponseSchema>;

export const apiKeyParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.invalidValue }) });

export const apiKeysPath = '/api/company/api-keys';
export const apiKeyRevokePath = (id: string) => `/api/company/api-keys/${id}/revoke`;
