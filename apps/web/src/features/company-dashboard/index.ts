export { CompanyDashboardPage } from './pages/company-dashboard-page';
