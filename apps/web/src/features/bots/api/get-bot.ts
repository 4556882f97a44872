import {
  botDetailSchema,
  botVersionSchema,
  publisherBotPath,
  versionDeprecationSchema,
} from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { botsQueryKey } from './get-bots';

/**
 * The shared bot detail has no deprecation per version (issue 12 §3 added it to the marketplace's
 * versions only); it is read here when the server sends it, and is null otherwise.
 */
const publisherBotVersionSchema = botVersionSchema.extend({
  deprecation: versionDeprecationSchema.nullable().default(null),
});
const publisherBotDetailResponseSchema = z.object({
  data: botDetailSchema.extend({ versions: z.array(publisherBotVersionSchema) }),
});
export type PublisherBotVersion = z.infer<typeof publisherBotVersionSchema>;
export type PublisherBotDetail = z.infer<typeof publisherBotDetailResponseSchema>['data'];

/** GET /api/publisher/bots/{id} → {data: BotDetail}; another publisher's bot is a 404. */
export async function getBot(id: string): Promise<PublisherBotDetail> {
  const { data } = await http.get(publisherBotPath(id), publisherBotDetailResponseSchema);
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
