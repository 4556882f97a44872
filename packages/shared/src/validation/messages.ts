/** Spec §5 "Shared message catalogue" and the §8 texts, word for word. */
export const MESSAGES = {
  required: 'Required',
  invalidValue: 'Please enter valid value',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'Email address is already taken',
  invalidUrl: 'Please enter a valid url',
  invalidPhone: 'Please enter a valid phone number',
  invalidMobile: 'Please enter a valid mobile number',
  alphabetOnly: 'Please enter alphabet characters only',
  alphanumericOnly: 'Please enter alpha numeric characters only',
  selectValidValue: 'Please select a valid value',
  enterName: 'Please enter name',
  invalidName: 'Please enter a valid name',
  invalidUserName: 'Please enter a valid user name',
  enterPassword: 'Please enter the password',
  enterNewPassword: 'Please enter new password',
  invalidPassword: 'Please enter valid password',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  descriptionMaxed: 'The maximum length of 1500 characters is reached.',
  somethingWentWrong: 'Oops! Something went wrong. Please try again.',
  requestTimeout:
    'Oops!! Request timeout. Please try again after sometime or check your internet connection',
  profileUpdated: 'User profile updated successfully',
  fileExtensionNotSupported: 'File extension not supported',
  fileSizeTooLarge: (mb: number) => `File size is greater than allowed size ${mb}MB`,
  uploadFailed: 'Upload failed. Please try again.',
  userNotFound: 'User not found',
} as const;

/** Texts the server answers with; the client relays data.message (spec §8). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'These credentials do not match our records.',
  tooManyAttempts: (seconds: number) =>
    `Too many login attempts. Please try again in ${seconds} seconds.`,
  emailNotVerified: 'Please verify your email address before logging in.',
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  paymentDue: 'Your company has a payment due. Please pay the outstanding invoice to continue.',
  signupSent: 'Account created. Please check your email to verify your address.',
  verified: 'Your email address has been verified. You can now log in.',
  invalidToken: 'This link is invalid or has expired.',
  resetLinkSent: 'If an account exists for that email address, we have sent a password reset link.',
  passwordReset: 'Your password has been reset. You can now log in.',
  passwordChanged: 'Your password has been changed. Please log in again.',
  currentPasswordWrong: 'The current password is incorrect.',
  breachedPassword:
    'This password has appeared in a data breach. Please choose a different password.',
  personalPassword:
    'Your password must not contain your name, your email address or the product name.',
  samePassword: 'Your new password must be different from your current password.',
  tooManySignups: (seconds: number) =>
    `Too many sign-up attempts. Please try again in ${seconds} seconds.`,
  loggedOut: 'Logged out successfully.',
  crmLocked: 'Name and phone are managed by your CRM and cannot be changed here.',
} as const;
