import { MESSAGES } from '@fieldbot/shared';

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

/** The server's message (data.message), or the spec's default text (spec §8). */
export function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return MESSAGES.somethingWentWrong;
}

function errorsOf(body: unknown): FieldErrors {
  if (body && typeof body === 'object' && 'errors' in body) {
    const errors = (body as { errors: unknown }).errors;
    if (errors && typeof errors === 'object') return errors as FieldErrors;
  }
  return {};
}

/** The ApiError of a failed response body. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  return new ApiError(status, messageOf(body), errorsOf(body), body);
}
