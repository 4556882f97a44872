import { apiKeysPath, type ApiKeyScope, createApiKeyResponseSchema } from '@fieldbot/shared';
import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from './api-client';
import type { TestApp } from './test-app';

/** Creates a key as the signed-in admin and returns it with its listing. */
export async function createApiKey(
  admin: ApiClient,
  scopes: ApiKeyScope[] = ['interactions:read', 'bot_results:read'],
  name = `Key ${Math.random().toString(36).slice(2, 8)}`,
) {
  const res = await admin.post(apiKeysPath, { name, scopes });
  expect(res.status, res.text).toBe(200);
  const { data } = createApiKeyResponseSchema.parse(res.body);
  return { key: data.key, apiKey: data.api_key };
}

/** A /api/v1 request with a Bearer key and no cookies (a fresh client every time). */
export function callWithKey(
  t: TestApp,
  key: string | null,
  path: string,
  query?: Record<string, string>,
): Promise<ApiResponse> {
  return t.client().get(path, { query, headers: key ? { authorization: `Bearer ${key}` } : {} });
}
