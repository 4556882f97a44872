import {
  SUPPORT_MESSAGES_PATH,
  supportMessageResponseSchema,
  type SupportMessageBody,
} from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/support/messages: mailed to the support address with the sender's identity. */
export async function sendSupportMessage(body: SupportMessageBody): Promise<{ message: string }> {
  return http.post(SUPPORT_MESSAGES_PATH, body, supportMessageResponseSchema);
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage, meta: { errorToast: false } });
}
