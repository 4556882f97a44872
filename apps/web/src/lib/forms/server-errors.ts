import type { FormErrors } from '@mantine/form';
import { isApiError } from '@/lib/http';
import { errorMessage } from '@/lib/notify';

interface FormWithErrors {
  setErrors: (errors: FormErrors) => void;
}

/**
 * Puts a failed submit where the user sees it: 422 messages of fields the form shows go under
 * those inputs; anything else (429, a 422 on a field the form has no input for, 500, timeout) is
 * returned as the form-level message.
 */
export function applyServerErrors(
  form: FormWithErrors,
  error: unknown,
  fields: readonly string[],
): string | null {
  if (isApiError(error) && error.status === 422) {
    const shown: FormErrors = {};
    for (const field of fields) {
      const message = error.fieldError(field);
      if (message) shown[field] = message;
    }
    if (Object.keys(shown).length > 0) {
      form.setErrors(shown);
      return null;
    }
  }
  return errorMessage(error);
}
