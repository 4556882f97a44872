import { messageResponseSchema, type MessageResponse, type SignupBody } from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { withReferralCode } from '@/lib/referral-code';

/**
 * POST /api/user/signup: 201 {message}; the server sends the verification e-mail. A stored referral
 * code goes along.
 */
export function signup(body: SignupBody): Promise<MessageResponse> {
  return http.post('/api/user/signup', withReferralCode(body), messageResponseSchema);
}

export function useSignup() {
  return useMutation({ mutationFn: signup, meta: { errorToast: false } });
}
