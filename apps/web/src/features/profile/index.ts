export { ProfilePage } from './pages/profile-page';
export { ChangePasswordPage } from './pages/change-password-page';
