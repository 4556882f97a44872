import { botDetailResponseSchema, publisherBotPath, type BotDetail } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botsQueryKey } from './get-bots';

/** GET /api/publisher/bots/{id} → {data: BotDetail}; another publisher's bot is a 404. */
export async function getBot(id: string): Promise<BotDetail> {
  const { data } = await http.get(publisherBotPath(id), botDetailResponseSchema);
  return data;
}

export const botQueryKey = (id: string) => [...botsQueryKey, 'detail', id] as const;

export const botQueryOptions = (id: string) =>
  queryOptions({
    queryKey: botQueryKey(id),
    queryFn: () => getBot(id),
    // The page shows not-found or the error in place of the bot.
    meta: { errorToast: false },
  });

export function useBot(id: string) {
  return useQuery(botQueryOptions(id));
}
