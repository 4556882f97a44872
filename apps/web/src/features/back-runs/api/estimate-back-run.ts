import {
  backRunEstimatePath,
  backRunEstimateResponseSchema,
  type BackRunRequest,
} from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type BackRunEstimate = { interactions: number; estimated_cost_cents: number };

/** POST /api/company/bot-back-run/estimate {bot_id, from, to} → how many interactions, what cost. */
export async function estimateBackRun(body: BackRunRequest): Promise<BackRunEstimate> {
  const { data } = await http.post(backRunEstimatePath, body, backRunEstimateResponseSchema);
  return data;
}

export function useEstimateBackRun() {
  // The dialog shows the failure on its fields (422) or in an alert.
  return useMutation({ mutationFn: estimateBackRun, meta: { errorToast: false } });
}
