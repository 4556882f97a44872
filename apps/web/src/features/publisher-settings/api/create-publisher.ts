import {
  publisherCreatePath,
  publisherSaveResponseSchema,
  type PublisherForm,
  type PublisherSaveResponse,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { meQueryKey } from '@/lib/session';
import { publisherInfoQueryKey } from './get-publisher-info';

/** POST /api/publisher/create → {message, data}: the saved publisher. */
export function createPublisher(body: PublisherForm): Promise<PublisherSaveResponse> {
  return http.post(publisherCreatePath, body, publisherSaveResponseSchema);
}

/**
 * Creating the publisher sets the admin's account up (spec §4): the current user is refetched so
 * the route gating and the sidebar unlock.
 */
export function useCreatePublisher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPublisher,
    // The form shows 422 messages under its fields and toasts anything else itself.
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(publisherInfoQueryKey, data);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
