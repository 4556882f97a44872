export { ClientsPage } from './pages/clients-page';
export { ClientDetailPage } from './pages/client-detail-page';
