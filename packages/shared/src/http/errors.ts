// zod/mini, not classic zod: the web client parses every error answer with these, on the login page
// too (see validation/validators.ts).
import * as z from 'zod/mini';

/** Field key → its messages, as a 422 answers them. */
const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/**
 * Every error answer of the API (the server's plugins/errors.ts): a message; field errors on a 422;
 * `is_payment_due: 1` on the 401 of a company whose payment is due. Other fields a route adds are
 * read by the code that knows them.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(fieldErrorsSchema),
  is_payment_due: z.optional(z.literal(1)),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** HTTP 422 body: the first message plus every field's messages. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: fieldErrorsSchema,
});

export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

/** Maps zod issues to the 422 body; shared so the server and client agree on field keys. */
export function toValidationError(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ValidationErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const messages = (errors[key] ??= []);
    // Two broken rules with the same text (1e23 is neither whole nor in range) say it once.
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return { message: issues[0]?.message ?? 'The given data was invalid.', errors };
}
