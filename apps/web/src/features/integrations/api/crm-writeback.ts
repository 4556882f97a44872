import {
  CRM_WRITEBACK_DEMO_NOTES_PATH,
  CRM_WRITEBACK_PATH,
  INTEGRATIONS_REFETCH_MS,
  crmWritebackBotPath,
  crmWritebackStatusResponseSchema,
  demoCrmNotesResponseSchema,
  updateCrmWritebackResponseSchema,
  type CrmWritebackStatus,
} from '@fieldbot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { notifySuccess } from '@/lib/notify';

export const crmWritebackQueryKey = ['crm-writeback'] as const;
export const demoCrmNotesQueryKey = ['crm-writeback', 'demo-notes'] as const;

/** GET /api/crm-writeback: the connected CRM, each subscribed bot's switch and write failures. */
export function useCrmWriteback(options: { enabled: boolean }) {
  return useQuery({
    queryKey: crmWritebackQueryKey,
    queryFn: () => http.get(CRM_WRITEBACK_PATH, crmWritebackStatusResponseSchema),
    select: (body) => body.data,
    enabled: options.enabled,
    // Failures arrive from the worker: follow them as the integration list follows its syncs.
    refetchInterval: INTEGRATIONS_REFETCH_MS,
    meta: { errorToast: false },
  });
}

/** PUT /api/crm-writeback/bots/{bot_id} {enabled}: the switch, shown at once and toasted. */
export function useSetCrmWriteback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, enabled }: { botId: string; enabled: boolean }) =>
      http.put(crmWritebackBotPath(botId), { enabled }, updateCrmWritebackResponseSchema),
    onSuccess: ({ message, data }) => {
      queryClient.setQueryData<{ data: CrmWritebackStatus }>(crmWritebackQueryKey, (old) =>
        old
          ? {
              data: {
                ...old.data,
                bots: old.data.bots.map((b) => (b.bot_id === data.bot_id ? data : b)),
              },
            }
          : old,
      );
      notifySuccess(message);
    },
  });
}

/** GET /api/crm-writeback/demo-notes: the Demo CRM's latest notes (while its list is open). */
export function useDemoCrmNotes(options: { enabled: boolean }) {
  return useQuery({
    queryKey: demoCrmNotesQueryKey,
    queryFn: () => http.get(CRM_WRITEBACK_DEMO_NOTES_PATH, demoCrmNotesResponseSchema),
    select: (body) => body.data,
    enabled: options.enabled,
    meta: { errorToast: false },
  });
}
