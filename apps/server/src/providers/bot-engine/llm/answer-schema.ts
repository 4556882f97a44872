import type { OutputTagDefinition } from '@fieldbot/shared';
import { z } from 'zod';

/**
 * The structured answer asked of the model: per output tag, its value and verbatim quotes as
 * evidence. One zod schema both validates the answer and, converted, is the `json_schema` sent with
 * `strict: true` — so what we ask and what we accept cannot drift apart. Strict mode needs every
 * property required and `additionalProperties: false` at every level, which strict objects give.
 */

/** Tags are keyed by index ("tag_0"…): an object with one required key per tag, never a list the model could shorten. */
export const tagKey = (index: number) => `tag_${index}`;

const tagAnswerSchema = z.strictObject({
  value: z
    .string()
    .nullable()
    .describe('What the transcript shows for this tag, as short text; null when it does not say.'),
  quotes: z
    .array(z.string())
    .describe('Verbatim excerpts of the transcript text supporting the value; empty when null.'),
});

export function answerSchemaFor(tags: readonly OutputTagDefinition[]) {
  return z.strictObject({
    tags: z.strictObject(
      Object.fromEntries(
        tags.map((tag) => [
          tagKey(tag.index),
          tagAnswerSchema.describe(
            tag.description ? `${tag.label}: ${tag.description}` : tag.label,
          ),
        ]),
      ),
    ),
  });
}
export type Answer = z.infer<ReturnType<typeof answerSchemaFor>>;

/** The `response_format` of the chat request. */
export function responseFormatFor(tags: readonly OutputTagDefinition[]) {
  const schema = z.toJSONSchema(answerSchemaFor(tags), { target: 'draft-7', reused: 'inline' });
  // OpenAI's strict mode takes a subset of JSON Schema; the "$schema" marker is not part of it.
  delete schema.$schema;
  return {
    type: 'json_schema' as const,
    json_schema: { name: 'bot_answer', strict: true, schema },
  };
}
