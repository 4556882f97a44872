export { AlertsSettingsPage } from './pages/alerts-settings-page';
export { UnsubscribePage } from './pages/unsubscribe-page';
export { AlertPreferences } from './components/alert-preferences';
