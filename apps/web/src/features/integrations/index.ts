export { IntegrationsPage } from './pages/integrations-page';
