// zod/mini, not classic zod: the login page loads these schemas (see validation/validators.ts).
import * as z from 'zod/mini';
import { messageResponseSchema, invitationValidityResponseSchema } from '../auth/requests.schema';
import { userResponseSchema, userSchema } from '../auth/user.schema';

/**
 * Response envelopes of the API (spec §7) and their types. The web client parses every answer with
 * its schema; the {message}, {data: User} and {data: {is_valid}} envelopes live beside the requests
 * they answer and get their types here. The pre-signed URL, /api/data and publisher-name envelopes are
 * in files/ and data/.
 */
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;
export type InvitationValidityResponse = z.infer<typeof invitationValidityResponseSchema>;

/** POST /api/user/update-profile: the saved user with the success text. */
export const userMessageResponseSchema = z.object({ message: z.string(), data: userSchema });
export type UserMessageResponse = z.infer<typeof userMessageResponseSchema>;
