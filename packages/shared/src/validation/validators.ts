// zod/mini: the login page and the /me query load these schemas, and mini's functional API keeps
// classic zod (~10 KB gzip) out of that bundle. Server and web parse them like any zod 4 schema.
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { collapseSpaces } from '../format/text';
import { MESSAGES } from './messages';

/** Spec §5: the special characters the password policy accepts. */
export const PASSWORD_SPECIALS = '!@#$%^&*()-_+=./?¿¡~\\';
const specialClass = '!@#$%^&*()\\-_+=./?¿¡~\\\\';
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${specialClass}])[A-Za-z\\d${specialClass}]{8,128}$`,
);
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\d{10}$/;
export const PROFILE_NAME_PATTERN = /^[A-Za-z0-9 ]{1,50}$/;

export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

/** A required string: missing or non-string input reads 'Required'; an empty one gives one message only. */
export const requiredString = (emptyMessage: string = MESSAGES.required) =>
  z
    .string({ error: MESSAGES.required })
    .check(z.minLength(1, { error: emptyMessage, abort: true }));

export const emailSchema = z.pipe(
  z
    .string({ error: MESSAGES.required })
    .check(
      z.trim(),
      z.minLength(1, { error: MESSAGES.required, abort: true }),
      z.maxLength(TEXT_LIMITS.email, { error: MESSAGES.invalidEmail, abort: true }),
      z.regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
    ),
  z.transform((v) => v.toLowerCase()),
);

export const passwordSchema = requiredString(MESSAGES.enterPassword).check(
  z.regex(PASSWORD_PATTERN, MESSAGES.invalidPassword),
);

export const newPasswordSchema = requiredString(MESSAGES.enterNewPassword).check(
  z.regex(PASSWORD_PATTERN, MESSAGES.invalidPassword),
);

export const phoneSchema = z
  .string({ error: MESSAGES.invalidPhone })
  .check(z.regex(PHONE_PATTERN, MESSAGES.invalidPhone));

export const profileNameSchema = z.pipe(
  z.pipe(z.string({ error: MESSAGES.required }), z.transform(collapseSpaces)),
  z
    .string()
    .check(
      z.minLength(TEXT_LIMITS.profileNameMin, { error: MESSAGES.enterName, abort: true }),
      z.regex(PROFILE_NAME_PATTERN, MESSAGES.invalidName),
    ),
);

/** Adds the 'Passwords do not match' error on the confirmation field. */
export function passwordsMatch<T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.core.$RefinementCtx<T>,
): void {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: MESSAGES.passwordsDoNotMatch,
    });
  }
}
