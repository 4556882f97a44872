import {
  botResultItemSchema,
  botResultSchema,
  gptResponseSchema,
  outputTagSchema,
} from '@fieldbot/shared';
import { z } from 'zod';

/**
 * The bot-result answers carry gpt_response and output_tags as JSON text (spec §3); the customer
 * route encodes gpt_response twice. These schemas decode them while parsing the answer, so a result
 * whose inner JSON breaks the contract fails like any other bad answer and the screens work with
 * objects.
 */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Invalid JSON text' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

function botResultResponseDecoder(gptResponse: z.ZodType<z.infer<typeof gptResponseSchema>>) {
  const item = botResultItemSchema.extend({
    gpt_response: gptResponse.nullable(),
    output_tags: jsonText(z.array(outputTagSchema)).nullable(),
  });
  return z.object({ data: botResultSchema.extend({ results: z.array(item) }).nullable() });
}

export const interactionBotResultDecoder = botResultResponseDecoder(jsonText(gptResponseSchema));
/** The customer route's gpt_response is a JSON string of the JSON text. */
export const customerBotResultDecoder = botResultResponseDecoder(
  jsonText(jsonText(gptResponseSchema)),
);

export type BotResultView = NonNullable<z.infer<typeof interactionBotResultDecoder>['data']>;
export type BotResultTab = BotResultView['results'][number];
