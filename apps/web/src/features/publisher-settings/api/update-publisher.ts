import {
  publisherSaveResponseSchema,
  publisherUpdatePath,
  type PublisherSaveResponse,
  type PublisherUpdate,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { meQueryKey } from '@/lib/session';
import { publisherInfoQueryKey } from './get-publisher-info';

/** POST /api/publisher/update with only the changed fields → {message, data}. */
export function updatePublisher(body: PublisherUpdate): Promise<PublisherSaveResponse> {
  return http.post(publisherUpdatePath, body, publisherSaveResponseSchema);
}

/** The current user carries the publisher's name: it is refetched after a successful update. */
export function useUpdatePublisher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublisher,
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(publisherInfoQueryKey, data);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
