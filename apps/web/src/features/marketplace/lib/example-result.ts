import { gptResponseSchema, outputTagSchema, type BotExample } from '@fieldbot/shared';
import { z } from 'zod';
import { jsonText } from '@/components/bot-result';

const exampleResultSchema = z.object({
  gpt_response: jsonText(gptResponseSchema).nullable(),
  output_tags: jsonText(z.array(outputTagSchema)).nullable(),
});

/**
 * The example's result as the bot result panel shows it: its JSON text fields decoded (once
 * encoded, as on the interaction route). Text that breaks the contract shows as no response.
 */
export function exampleResultTab(example: BotExample, botId: string) {
  const parsed = exampleResultSchema.safeParse(example.result);
  return {
    ...example.result,
    id: botId,
    bot_id: botId,
    gpt_response: parsed.success ? parsed.data.gpt_response : null,
    output_tags: parsed.success ? parsed.data.output_tags : null,
  };
}
