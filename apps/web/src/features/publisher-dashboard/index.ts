export { PublisherDashboardPage } from './pages/publisher-dashboard-page';
