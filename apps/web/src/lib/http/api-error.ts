import { type ErrorBody, MESSAGES, errorBodySchema } from '@fieldbot/shared';

export type FieldErrors = Record<string, string[]>;

/** Every failed call rejects with this: the HTTP status (0 for network/timeout), a user-facing message, field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** The first message of a field, for forms that map 422 errors onto inputs. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The error answer as the contract has it, or null for anything else (a proxy's HTML page, a body
 * of another shape): the app then shows the default text and no field errors.
 */
export function errorBodyOf(body: unknown): ErrorBody | null {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The server's message (data.message), or the spec's default text (spec §8). */
export function messageOf(body: ErrorBody | null): string {
  const message = body?.message;
  return message?.trim() ? message : MESSAGES.somethingWentWrong;
}

/** The ApiError of a failed response body; the raw body stays on it for routes' own fields. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const parsed = errorBodyOf(body);
  return new ApiError(status, messageOf(parsed), parsed?.errors ?? {}, body);
}
