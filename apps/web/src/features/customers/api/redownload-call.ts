import {
  messageResponseSchema,
  type CallDownloadBody,
  type MessageResponse,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { customerInteractionsQueryKey } from './get-customer-interactions';

/** POST /api/company/call/download {call_ids, company_id} → {message}; the call goes back to downloading. */
export function redownloadCall(body: CallDownloadBody): Promise<MessageResponse> {
  return http.post('/api/company/call/download', body, messageResponseSchema);
}

/** Re Download of a CSR call (spec §4): on success the customer's interaction list refetches. */
export function useRedownloadCall(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redownloadCall,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customerInteractionsQueryKey(customerId) }),
  });
}
