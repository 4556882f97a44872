import {
  apiKeyListResponseSchema,
  apiKeyRevokePath,
  apiKeysPath,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
  type ApiKeyListResponse,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
  type RevokeApiKeyResponse,
} from '@fieldbot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const apiKeysQueryKey = ['api-keys'] as const;

/** GET /api/company/api-keys: the company's keys (never the keys themselves). */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: (): Promise<ApiKeyListResponse> => http.get(apiKeysPath, apiKeyListResponseSchema),
    // The page shows the error in place of the table, with a retry.
    meta: { errorToast: false },
  });
}

/** POST /api/company/api-keys: the answer carries the key, the only time it is ever sent. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest): Promise<CreateApiKeyResponse> =>
      http.post(apiKeysPath, body, createApiKeyResponseSchema),
    // The dialog puts 422 messages under its fields and shows anything else itself.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<RevokeApiKeyResponse> =>
      http.post(apiKeyRevokePath(id), {}, revokeApiKeyResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
