export { CustomerPrivacySection } from './components/customer-privacy-section';
