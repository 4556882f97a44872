export { PublisherInfoPage } from './pages/publisher-info-page';
