import { customerBotResultPath } from '@fieldbot/shared';
import { http } from '@/lib/http';
import { customerBotResultDecoder, type BotResultView } from './bot-result-view';

/** GET /api/company/bot-result/customer/{id} → {data} (spec §7; gpt_response double-encoded). */
export async function getCustomerBotResult(
  customerId: string,
  signal?: AbortSignal,
): Promise<BotResultView | null> {
  const { data } = await http.get(
    customerBotResultPath(encodeURIComponent(customerId)),
    customerBotResultDecoder,
    { signal },
  );
  return data;
}
