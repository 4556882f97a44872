import type { ApiKeyScope } from '@fieldbot/shared';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeyRateWindows, apiKeys, companies, users } from '../../db/schema/index.js';
import { insertAuditEntry } from '../audit-log/index.js';

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
export type ApiKeyRow = Awaited<ReturnType<ApiKeysRepo['list']>>[number];

export interface NewApiKey {
  companyId: string;
  lookupId: string;
  name: string;
  prefix: string;
  secretHash: string;
  scopes: ApiKeyScope[];
  createdById: string;
}

export interface AuditEntry {
  event: 'api_key.created' | 'api_key.revoked';
  userId: string;
  ip: string;
  meta: Record<string, unknown>;
}

/** Where a key was used from, and for which route (the entry of `api_key.used`). */
export interface ApiKeyUse {
  ip: string | null;
  userAgent: string | null;
  route: string | null;
}

export function createApiKeysRepo(db: Db) {
  const listColumns = {
    id: apiKeys.id,
    name: apiKeys.name,
    prefix: apiKeys.prefix,
    scopes: apiKeys.scopes,
    createdBy: users.name,
    createdAt: apiKeys.createdAt,
    lastUsedAt: apiKeys.lastUsedAt,
    revokedAt: apiKeys.revokedAt,
  };
  const withCreator = () =>
    db.select(listColumns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdById));

  return {
    /** The company's keys, newest first (revoked ones too: the page shows their status). */
    async list(companyId: string) {
      return withCreator()
        .where(eq(apiKeys.companyId, companyId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async one(companyId: string, id: string) {
      const [row] = await withCreator()
        .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId)))
        .limit(1);
      return row ?? null;
    },

    async countActive(companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
      return row?.n ?? 0;
    },

    async insert(key: NewApiKey, audit: Omit<AuditEntry, 'meta'>): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(apiKeys).values(key).returning({ id: apiKeys.id });
        await insertAuditEntry(tx, {
          ...audit,
          companyId: key.companyId,
          target: { type: 'api_key', id: row!.id },
          meta: { api_key_id: row!.id, name: key.name, scopes: key.scopes },
        });
        return row!.id;
      });
    },

    /** Revokes an active key of the company; false when there is none (unknown or revoked). */
    async revoke(companyId: string, id: string, audit: Omit<AuditEntry, 'meta'>) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(apiKeys)
          .set({ revokedAt: sql`now()`, revokedById: audit.userId })
          .where(
            and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)),
          )
          .returning({ id: apiKeys.id });
        if (changed.length === 0) return false;
        await insertAuditEntry(tx, {
          ...audit,
          companyId,
          target: { type: 'api_key', id },
          meta: { api_key_id: id },
        });
        return true;
      });
    },

    /** The key behind a Bearer token's public id; the caller checks hash and revocation. */
    async byLookupId(lookupId: string) {
      const [row] = await db
        .select({
          id: apiKeys.id,
          companyId: apiKeys.companyId,
          secretHash: apiKeys.secretHash,
          scopes: apiKeys.scopes,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
          paymentDue: companies.isPaymentDue,
        })
        .from(apiKeys)
        .innerJoin(companies, eq(companies.id, apiKeys.companyId))
        .where(eq(apiKeys.lookupId, lookupId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Counts one request in the key's current window and returns the count so far. One row per
     * key: a request of a new window resets it. Atomic across processes (one upsert statement).
     */
    async countRequest(keyId: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .insert(apiKeyRateWindows)
        .values({ keyId, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: apiKeyRateWindows.keyId,
          set: {
            // A process whose clock lags a little counts into the newer window, never resets it.
            count: sql`case when excluded.window_start > ${apiKeyRateWindows.windowStart}
              then 1 else ${apiKeyRateWindows.count} + 1 end`,
            windowStart: sql`greatest(${apiKeyRateWindows.windowStart}, excluded.window_start)`,
          },
        })
        .returning({ count: apiKeyRateWindows.count });
      return row!.count;
    },

    /**
     * Sets last_used_at unless it was set after `staleBefore` (at most one write a minute), and
     * with that write records the use in the audit log: so `api_key.used` is at most one entry
     * per key a minute too, and the process that wins the update writes it.
     */
    async touch(keyId: string, at: Date, staleBefore: Date, use?: ApiKeyUse) {
      await db.transaction(async (tx) => {
        const [key] = await tx
          .update(apiKeys)
          .set({ lastUsedAt: at })
          .where(
            and(
              eq(apiKeys.id, keyId),
              or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore)),
            ),
          )
          .returning({ companyId: apiKeys.companyId, name: apiKeys.name, prefix: apiKeys.prefix });
        if (!key || !use) return;
        await insertAuditEntry(tx, {
          event: 'api_key.used',
          userId: null,
          ip: use.ip,
          userAgent: use.userAgent,
          companyId: key.companyId,
          target: { type: 'api_key', id: keyId },
          meta: { api_key_id: keyId, name: key.name, prefix: key.prefix, route: use.route },
        });
      });
    },
  };
}
