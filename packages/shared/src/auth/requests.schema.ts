// zod/mini, not classic zod: the login page loads these schemas (see validation/validators.ts).
import * as z from 'zod/mini';
import { DISPLAY_MODES } from '../constants';
import { MESSAGES } from '../validation/messages';
import {
  emailSchema,
  newPasswordSchema,
  passwordSchema,
  passwordsMatch,
  phoneSchema,
  profileNameSchema,
  requiredString,
} from '../validation/validators';

/** A JSON body must be an object; anything else reads as an invalid value, not a zod default text. */
const body = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object(shape, { error: MESSAGES.invalidValue });

const tokenSchema = requiredString().check(z.maxLength(512, MESSAGES.invalidValue));
const confirmationSchema = requiredString(MESSAGES.confirmPassword);

export const signupBodySchema = body({
  name: profileNameSchema,
  email: emailSchema,
  password: passwordSchema,
  password_confirmation: confirmationSchema,
  invitation_token: z.optional(tokenSchema),
  /** The referral code a publisher's public marketplace link stored; unknown codes are ignored. */
  referral_code: z.optional(z.nullable(z.string().check(z.maxLength(100, MESSAGES.invalidValue)))),
}).check(z.superRefine(passwordsMatch));

export const loginBodySchema = body({
  email: emailSchema,
  // Login accepts any stored password; the policy applies when one is set.
  password: requiredString(MESSAGES.enterPassword).check(
    z.maxLength(128, MESSAGES.invalidPassword),
  ),
});

export const logoutBodySchema = body({
  device_uuid: z.nullish(z.string().check(z.maxLength(100, MESSAGES.invalidValue))),
});

export const forgotPasswordBodySchema = body({ email: emailSchema });

export const resetPasswordBodySchema = body({
  token: tokenSchema,
  password: newPasswordSchema,
  password_confirmation: confirmationSchema,
}).check(z.superRefine(passwordsMatch));

export const changePasswordBodySchema = body({
  current_password: requiredString(MESSAGES.enterPassword).check(
    z.maxLength(128, MESSAGES.invalidPassword),
  ),
  password: newPasswordSchema,
  password_confirmation: confirmationSchema,
}).check(z.superRefine(passwordsMatch));

export const invitationTokenBodySchema = body({ invitation_token: tokenSchema });

export const acceptInviteBodySchema = body({
  invitation_token: tokenSchema,
  name: profileNameSchema,
  password: passwordSchema,
  password_confirmation: confirmationSchema,
}).check(z.superRefine(passwordsMatch));

/** Only changed fields are sent (spec §5); each one is validated when present. */
export const updateProfileBodySchema = body({
  display_mode: z.optional(z.enum(DISPLAY_MODES, { error: MESSAGES.selectValidValue })),
  name: z.optional(profileNameSchema),
  phone: z.optional(phoneSchema),
  image: z.optional(
    z.nullable(
      z.string({ error: MESSAGES.invalidUrl }).check(z.maxLength(2048, MESSAGES.invalidUrl)),
    ),
  ),
});

export const messageResponseSchema = z.object({ message: z.string() });

export const invitationValidityResponseSchema = z.object({
  data: z.object({ is_valid: z.boolean() }),
});

export type SignupBody = z.infer<typeof signupBodySchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
export type AcceptInviteBody = z.infer<typeof acceptInviteBodySchema>;
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** GET /api/user/verify/{token}: the e-mail verification link's token. */
export const verifyTokenParamsSchema = z.object({ token: tokenSchema });
