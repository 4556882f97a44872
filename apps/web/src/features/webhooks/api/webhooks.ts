import {
  WEBHOOKS_API_PATH,
  saveWebhookEndpointRequestSchema,
  webhookApiPath,
  webhookDeliveriesResponseSchema,
  webhookEndpointListResponseSchema,
  webhookEndpointResponseSchema,
  webhookMessageResponseSchema,
  webhookSecretResponseSchema,
  type SaveWebhookEndpointRequest,
} from '@fieldbot/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const webhooksQueryKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => [...webhooksQueryKey, id, 'deliveries'] as const;

/** GET /api/webhooks: the company's endpoints (never their secrets). */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: () => http.get(WEBHOOKS_API_PATH, webhookEndpointListResponseSchema),
    // The page shows the error in place of the list, with a retry.
    meta: { errorToast: false },
  });
}

/** One page of an endpoint's delivery log; refreshed every few seconds while it is open. */
export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [...deliveriesKey(id), page],
    queryFn: () =>
      http.get(webhookApiPath(id, 'deliveries'), webhookDeliveriesResponseSchema, {
        query: { page },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
    meta: { errorToast: false },
  });
}

/** Create (no id) or edit an endpoint; 422s go under the form's fields. */
export function useSaveWebhookEndpoint(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWebhookEndpointRequest) => {
      const parsed = saveWebhookEndpointRequestSchema.parse(body);
      return id
        ? http.put(webhookApiPath(id), parsed, webhookEndpointResponseSchema)
        : http.post(WEBHOOKS_API_PATH, parsed, webhookEndpointResponseSchema);
    },
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete(webhookApiPath(id), undefined, webhookMessageResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: string; enabled: boolean }) =>
      http.put(
        webhookApiPath(vars.id, 'status'),
        { enabled: vars.enabled },
        webhookEndpointResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** "Send test": the delivery shows up in the log, which is refreshed at once and then polled. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.post(webhookApiPath(id, 'test'), {}, webhookMessageResponseSchema),
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

/** The signing secret, fetched only when the admin asks to see it and never cached. */
export function useWebhookSecret(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...webhooksQueryKey, id, 'secret'],
    queryFn: () => http.get(webhookApiPath(id, 'secret'), webhookSecretResponseSchema),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
  });
}

export function useRotateWebhookSecret(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.post(webhookApiPath(id, 'rotate-secret'), {}, webhookSecretResponseSchema),
    onSuccess: (response) => {
      queryClient.setQueryData([...webhooksQueryKey, id, 'secret'], response);
      return queryClient.invalidateQueries({ queryKey: webhooksQueryKey, exact: true });
    },
  });
}
