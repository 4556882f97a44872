export { CompanyInfoPage } from './pages/company-info-page';
