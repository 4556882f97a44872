import { deprecateVersionPath, type DeprecateBody } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { botQueryKey } from './get-bot';

// The contract names no answer for this route: a success is all the page needs.
const deprecateAnswerSchema = z.unknown();

/** POST /api/publisher/bots/{id}/versions/{number}/deprecate {retires_on, note}. */
export function deprecateVersion(botId: string, number: number, body: DeprecateBody) {
  return http.post(deprecateVersionPath(botId, number), body, deprecateAnswerSchema);
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
