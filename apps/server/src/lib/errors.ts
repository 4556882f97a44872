import { AUTH_MESSAGES } from '@fieldbot/shared';

/** A failure the caller can act on: carries the HTTP status and the user-facing message. */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields merged into the JSON body (e.g. is_payment_due). */
    readonly body: Record<string, unknown> = {},
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 422 with field errors, the same shape as schema validation failures. */
export class FieldValidationError extends DomainError {
  override name = 'FieldValidationError';
  constructor(readonly errors: Record<string, string[]>) {
    const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
    super(422, first, { errors });
  }
}

export const fieldError = (field: string, message: string) =>
  new FieldValidationError({ [field]: [message] });

export const unauthenticated = () => new DomainError(401, AUTH_MESSAGES.unauthenticated);
export const forbidden = () => new DomainError(403, AUTH_MESSAGES.forbidden);
export const notFound = () => new DomainError(404, AUTH_MESSAGES.notFound);
