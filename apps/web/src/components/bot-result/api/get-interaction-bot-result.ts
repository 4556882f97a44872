import { interactionBotResultPath, type InteractionType } from '@fieldbot/shared';
import { http } from '@/lib/http';
import { interactionBotResultDecoder, type BotResultView } from './bot-result-view';

/** GET /api/company/bot-result/interaction/{interactionId}/{interactionType} → {data} (spec §7). */
export async function getInteractionBotResult(
  interactionId: string,
  interactionType: InteractionType,
  signal?: AbortSignal,
): Promise<BotResultView | null> {
  const { data } = await http.get(
    interactionBotResultPath(encodeURIComponent(interactionId), interactionType),
    interactionBotResultDecoder,
    { signal },
  );
  return data;
}
