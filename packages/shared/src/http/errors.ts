import { z } from 'zod';

/** HTTP 422 body: the first message plus every field's messages. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
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
