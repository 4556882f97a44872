export { PrivacySettingsPage } from './pages/privacy-settings-page';
