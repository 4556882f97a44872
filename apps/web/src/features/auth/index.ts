export { LoginPage } from './pages/login-page';
export { SignupPage } from './pages/signup-page';
export { ForgotPasswordPage } from './pages/forgot-password-page';
export { ResetPasswordPage } from './pages/reset-password-page';
export { VerifyPage } from './pages/verify-page';
export { AcceptInvitePage } from './pages/accept-invite-page';
export { InvitationTokenExpirePage } from './pages/invitation-token-expire-page';
