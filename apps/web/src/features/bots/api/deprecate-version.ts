import {
  deprecateResponseSchema,
  deprecateVersionPath,
  type DeprecateBody,
  type DeprecateResponse,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botQueryKey } from './get-bot';

/** POST /api/publisher/bots/{id}/versions/{number}/deprecate {retires_on, note} → the version. */
export function deprecateVersion(
  botId: string,
  number: number,
  body: DeprecateBody,
): Promise<DeprecateResponse> {
  return http.post(deprecateVersionPath(botId, number), body, deprecateResponseSchema);
}

export function useDeprecateVersion(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, body }: { number: number; body: DeprecateBody }) =>
      deprecateVersion(botId, number, body),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botQueryKey(botId) }),
  });
}
