import {
  botResponseSchema,
  publisherBotPath,
  publisherBotsPath,
  type Bot,
  type BotInput,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botsQueryKey } from './get-bots';

export interface SaveBotVariables {
  /** null creates a new draft. */
  id: string | null;
  bot: BotInput;
}

/** POST /api/publisher/bots (new draft) or PUT /api/publisher/bots/{id} → {data: Bot}. */
export async function saveBot({ id, bot }: SaveBotVariables): Promise<Bot> {
  const { data } = id
    ? await http.put(publisherBotPath(id), bot, botResponseSchema)
    : await http.post(publisherBotsPath, bot, botResponseSchema);
  return data;
}

export function useSaveBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBot,
    // The form shows field messages; other failures are toasted by the page.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botsQueryKey }),
  });
}
