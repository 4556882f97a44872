import {
  customerDeletionPath,
  customerDeletionRequestSchema,
  customerPrivacyFlagsRequestSchema,
  customerPrivacyFlagsResponseSchema,
  customerPrivacyPath,
  privacyRequestPath,
  privacyRequestResponseSchema,
  type CustomerPrivacyFlagsRequest,
} from '@fieldbot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

/**
 * The customers feature's queries all start with this key (list and detail): a changed flag or a
 * deleted customer refreshes them without this feature importing that one.
 */
const CUSTOMERS_QUERY_PREFIX = ['customers'] as const;

/** PATCH …/privacy: do not record (admins, managers) and legal hold (admins). */
export function useUpdateCustomerPrivacy(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerPrivacyFlagsRequest) =>
      http.patch(
        customerPrivacyPath(customerId),
        customerPrivacyFlagsRequestSchema.parse(body),
        customerPrivacyFlagsResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_PREFIX }),
  });
}

/** POST …/deletion with the typed name; a wrong name comes back as a 422 on confirm_name. */
export function useRequestCustomerDeletion(customerId: string) {
  return useMutation({
    mutationFn: (confirmName: string) =>
      http.post(
        customerDeletionPath(customerId),
        customerDeletionRequestSchema.parse({ confirm_name: confirmName }),
        privacyRequestResponseSchema,
      ),
    meta: { errorToast: false },
  });
}

/** The deletion's progress, polled each second until it has finished. */
export function usePrivacyRequest(requestId: string | null) {
  return useQuery({
    queryKey: ['privacy-requests', requestId],
    queryFn: () => http.get(privacyRequestPath(requestId!), privacyRequestResponseSchema),
    enabled: requestId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.data.status;
      return status === 'completed' || status === 'failed' ? false : 1_000;
    },
    meta: { errorToast: false },
  });
}

export { CUSTOMERS_QUERY_PREFIX };
