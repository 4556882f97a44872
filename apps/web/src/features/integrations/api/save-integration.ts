import { saveIntegrationResponseSchema, type SaveIntegrationRequest } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { integrationQueryKey } from './get-integration';
import { integrationsQueryKey } from './get-integrations';

export type SaveIntegrationResponse = z.infer<typeof saveIntegrationResponseSchema>;

/** POST /api/integration {integration_id, values} → 'Integration detail successfully saved.' */
export function saveIntegration(body: SaveIntegrationRequest): Promise<SaveIntegrationResponse> {
  return http.post('/api/integration', body, saveIntegrationResponseSchema);
}

export function useSaveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIntegration,
    // The dialog maps 422 messages onto its fields and toasts anything else itself.
    meta: { errorToast: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(integrationQueryKey(data.integration_id), data);
      await queryClient.invalidateQueries({ queryKey: integrationsQueryKey, exact: true });
    },
  });
}
