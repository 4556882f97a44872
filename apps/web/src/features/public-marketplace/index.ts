export { PublicMarketplacePage } from './pages/public-marketplace-page';
