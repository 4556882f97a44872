import {
  clientMarkupPath,
  clientMarkupResponseSchema,
  type ClientMarkupBody,
  type ClientMarkupResponse,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { clientsQueryKey } from './get-clients';

/** POST /api/publisher/clients/{id}/markup {markup_percent}: an override, or null for the default. */
export function updateClientMarkup(
  id: string,
  body: ClientMarkupBody,
): Promise<ClientMarkupResponse> {
  return http.post(clientMarkupPath(id), body, clientMarkupResponseSchema);
}

export function useUpdateClientMarkup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientMarkupBody) => updateClientMarkup(id, body),
    meta: { errorToast: false },
    // The client's markup shows in its detail and in the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
