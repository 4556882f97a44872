import { z } from 'zod';
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
  z.string({ error: MESSAGES.required }).min(1, { error: emptyMessage, abort: true });

export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .max(TEXT_LIMITS.email, { error: MESSAGES.invalidEmail, abort: true })
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail)
  .transform((v) => v.toLowerCase());

export const passwordSchema = requiredString(MESSAGES.enterPassword).regex(
  PASSWORD_PATTERN,
  MESSAGES.invalidPassword,
);

export const newPasswordSchema = requiredString(MESSAGES.enterNewPassword).regex(
  PASSWORD_PATTERN,
  MESSAGES.invalidPassword,
);

export const phoneSchema = z
  .string({ error: MESSAGES.invalidPhone })
  .regex(PHONE_PATTERN, MESSAGES.invalidPhone);

export const profileNameSchema = z
  .string({ error: MESSAGES.required })
  .transform(collapseSpaces)
  .pipe(
    z
      .string()
      .min(TEXT_LIMITS.profileNameMin, { error: MESSAGES.enterName, abort: true })
      .regex(PROFILE_NAME_PATTERN, MESSAGES.invalidName),
  );

/** Adds the 'Passwords do not match' error on the confirmation field. */
export function passwordsMatch<T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: MESSAGES.passwordsDoNotMatch,
    });
  }
}
