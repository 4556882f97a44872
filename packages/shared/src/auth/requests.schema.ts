import { z } from 'zod';
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
const body = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: MESSAGES.invalidValue });

const tokenSchema = requiredString().max(512, MESSAGES.invalidValue);
const confirmationSchema = requiredString(MESSAGES.confirmPassword);

export const signupBodySchema = body({
  name: profileNameSchema,
  email: emailSchema,
  password: passwordSchema,
  password_confirmation: confirmationSchema,
  invitation_token: tokenSchema.optional(),
}).superRefine(passwordsMatch);

export const loginBodySchema = body({
  email: emailSchema,
  // Login accepts any stored password; the policy applies when one is set.
  password: requiredString(MESSAGES.enterPassword).max(128, MESSAGES.invalidPassword),
});

export const logoutBodySchema = body({
  device_uuid: z.string().max(100, MESSAGES.invalidValue).nullish(),
});

export const forgotPasswordBodySchema = body({ email: emailSchema });

export const resetPasswordBodySchema = body({
  token: tokenSchema,
  password: newPasswordSchema,
  password_confirmation: confirmationSchema,
}).superRefine(passwordsMatch);

export const changePasswordBodySchema = body({
  current_password: requiredString(MESSAGES.enterPassword).max(128, MESSAGES.invalidPassword),
  password: newPasswordSchema,
  password_confirmation: confirmationSchema,
}).superRefine(passwordsMatch);

export const invitationTokenBodySchema = body({ invitation_token: tokenSchema });

export const acceptInviteBodySchema = body({
  invitation_token: tokenSchema,
  name: profileNameSchema,
  password: passwordSchema,
  password_confirmation: confirmationSchema,
}).superRefine(passwordsMatch);

/** Only changed fields are sent (spec §5); each one is validated when present. */
export const updateProfileBodySchema = body({
  display_mode: z.enum(DISPLAY_MODES, { error: MESSAGES.selectValidValue }).optional(),
  name: profileNameSchema.optional(),
  phone: phoneSchema.optional(),
  image: z
    .string({ error: MESSAGES.invalidUrl })
    .max(2048, MESSAGES.invalidUrl)
    .nullable()
    .optional(),
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
