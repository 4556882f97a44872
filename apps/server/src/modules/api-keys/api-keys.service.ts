import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  API_KEY_TOKEN_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type User,
} from '@fieldbot/shared';
import { DomainError, fieldError, notFound } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { viewerScope } from '../../lib/viewer-scope.js';
import type { ApiKeyRow, ApiKeysRepo, ApiKeyUse } from './api-keys.repo.js';

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/** What a request authenticated by an API key may act as. */
export interface ApiKeyPrincipal {
  keyId: string;
  companyId: string;
  scopes: readonly ApiKeyScope[];
}

/** last_used_at is rewritten at most this often per key (a busy key would rewrite it per request). */
export const LAST_USED_GRANULARITY_MS = 60_000;

/** `fbk_` + 16 hex (public look-up id) + `_` + 43 base64url characters (256-bit secret). */
const TOKEN_PATTERN = new RegExp(`^${API_KEY_TOKEN_PREFIX}([0-9a-f]{16})_([A-Za-z0-9_-]{43})$`);

export function newApiKeyToken(): { token: string; lookupId: string; prefix: string } {
  const lookupId = randomBytes(8).toString('hex');
  const prefix = `${API_KEY_TOKEN_PREFIX}${lookupId}`;
  return { token: `${prefix}_${newToken()}`, lookupId, prefix };
}

/** The look-up id of a well-formed key, else null. */
export function parseApiKeyToken(token: string): string | null {
  return TOKEN_PATTERN.exec(token)?.[1] ?? null;
}

/** The token of an `Authorization: Bearer <token>` header (RFC 6750: the scheme is case-insensitive). */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

const invalidKey = () =>
  new DomainError(401, API_KEY_MESSAGES.invalidKey, {}, { 'WWW-Authenticate': 'Bearer' });

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    // In the order of API_KEY_SCOPES, whatever order they were picked in.
    scopes: API_KEY_SCOPES.filter((s) => row.scopes.includes(s)),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? 'revoked' : 'active',
  };
}

export function createApiKeysService(deps: {
  repo: ApiKeysRepo;
  rateLimit: { requests: number; windowMs: number };
  now?: () => number;
}) {
  const { repo, rateLimit } = deps;
  const now = deps.now ?? Date.now;

  /** Counts the request; over the key's limit, 429 with the seconds until its window ends. */
  async function takeRequest(keyId: string, at: number) {
    const windowStart = Math.floor(at / rateLimit.windowMs) * rateLimit.windowMs;
    const used = await repo.countRequest(keyId, new Date(windowStart));
    const remaining = Math.max(0, rateLimit.requests - used);
    const resetSeconds = Math.max(1, Math.ceil((windowStart + rateLimit.windowMs - at) / 1000));
    const headers = {
      'X-RateLimit-Limit': String(rateLimit.requests),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(resetSeconds),
    };
    if (used > rateLimit.requests) {
      throw new DomainError(
        429,
        API_KEY_MESSAGES.tooManyRequests(resetSeconds),
        {},
        { ...headers, 'Retry-After': String(resetSeconds) },
      );
    }
    return headers;
  }

  return {
    async list(user: User): Promise<ApiKey[]> {
      const { companyId } = viewerScope(user);
      return (await repo.list(companyId)).map(toApiKey);
    },

    /** Creates a key and returns it once; only its hash is stored. */
    async create(
      user: User,
      body: { name: string; scopes: CreateApiKeyRequest['scopes'] },
      ip: string,
    ): Promise<{ apiKey: ApiKey; key: string }> {
      const { companyId } = viewerScope(user);
      if ((await repo.countActive(companyId)) >= API_KEY_LIMITS.activePerCompany) {
        throw fieldError('name', API_KEY_MESSAGES.tooMany);
      }
      const { token, lookupId, prefix } = newApiKeyToken();
      const id = await repo.insert(
        {
          companyId,
          lookupId,
          name: body.name,
          prefix,
          secretHash: hashToken(token),
          scopes: [...body.scopes],
          createdById: user.id,
        },
        { event: 'api_key.created', userId: user.id, ip },
      );
      const row = await repo.one(companyId, id);
      return { apiKey: toApiKey(row!), key: token };
    },

    async revoke(user: User, id: string, ip: string): Promise<ApiKey> {
      const { companyId } = viewerScope(user);
      const existing = await repo.one(companyId, id);
      if (!existing) throw notFound();
      if (existing.revokedAt) throw new DomainError(409, API_KEY_MESSAGES.alreadyRevoked);
      await repo.revoke(companyId, id, { event: 'api_key.revoked', userId: user.id, ip });
      return toApiKey((await repo.one(companyId, id))!);
    },

    /**
     * The key of an Authorization header, counted against its rate limit; 401 for a missing,
     * malformed, unknown or revoked key (one message, so a caller learns nothing about which).
     * Nothing is cached: a revoked key fails on its very next request, in every process.
     */
    async authenticate(
      authorization: string | undefined,
      use?: ApiKeyUse,
    ): Promise<{ principal: ApiKeyPrincipal; headers: Record<string, string> }> {
      const token = bearerToken(authorization);
      const lookupId = token ? parseApiKeyToken(token) : null;
      if (!token || !lookupId) throw invalidKey();
      const key = await repo.byLookupId(lookupId);
      if (!key || !sameHash(hashToken(token), key.secretHash) || key.revokedAt) throw invalidKey();
      // The app is closed to a company with a payment due (spec §4); so is its API.
      if (key.paymentDue) throw new DomainError(403, API_KEY_MESSAGES.paymentDue);
      const at = now();
      const headers = await takeRequest(key.id, at);
      if (!key.lastUsedAt || key.lastUsedAt.getTime() < at - LAST_USED_GRANULARITY_MS) {
        await repo.touch(key.id, new Date(at), new Date(at - LAST_USED_GRANULARITY_MS), use);
      }
      return {
        principal: { keyId: key.id, companyId: key.companyId, scopes: key.scopes },
        headers,
      };
    },
  };
}
