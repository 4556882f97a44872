import type { SearchQuery } from '@fieldbot/shared';
import { isApiError } from '@/lib/http';

export type SearchField = keyof SearchQuery;
export type SearchFieldErrors = Partial<Record<SearchField, string>>;

/**
 * The 422 messages of the fields the page shows (`to` for dates in the wrong order, `bot_id` for
 * a tag without its bot), to show under those inputs; empty for any other failure.
 */
export function searchFieldErrors(
  error: unknown,
  shownFields: readonly SearchField[],
): SearchFieldErrors {
  const errors: SearchFieldErrors = {};
  if (!isApiError(error) || error.status !== 422) return errors;
  for (const field of shownFields) {
    const message = error.fieldError(field);
    if (message) errors[field] = message;
  }
  return errors;
}
