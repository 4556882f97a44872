export { InteractionDetailPage } from './pages/interaction-detail-page';
