import { z } from 'zod';

/**
 * Answer of the bot actions (publish, archive, files): the contract fixes no body, so only an
 * optional message is read; the pages refetch the bot for its new state.
 */
export const botActionResponseSchema = z.object({ message: z.string().optional() });
export type BotActionResponse = z.infer<typeof botActionResponseSchema>;
