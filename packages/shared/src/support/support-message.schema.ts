import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

export const SUPPORT_MESSAGE_MAX = 5000;
/** Messages one user may send per hour through the Help panel (then 429). */
export const SUPPORT_MESSAGES_PER_HOUR = 5;

export const SUPPORT_MESSAGES = {
  tooLong: `The message may not be greater than ${SUPPORT_MESSAGE_MAX} characters.`,
  sent: 'Thanks! Your message was sent to our support team.',
  tooMany: 'You have sent several messages already. Please try again later.',
} as const;

/** POST /api/support/messages: the Help panel. The sender's identity comes from the session. */
export const supportMessageBodySchema = z.object(
  {
    message: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.tooLong),
    /** The page the user was on, to give support context. */
    page: z
      .string()
      .max(2048, MESSAGES.invalidValue)
      .startsWith('/', MESSAGES.invalidValue)
      .optional(),
  },
  { error: MESSAGES.invalidValue },
);
export type SupportMessageBody = z.infer<typeof supportMessageBodySchema>;

export const supportMessageResponseSchema = z.object({ message: z.string() });
export const SUPPORT_MESSAGES_PATH = '/api/support/messages';
