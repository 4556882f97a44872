export { MarketplacePage } from './pages/marketplace-page';
export { MarketplaceBotPage } from './pages/marketplace-bot-page';
export { MarketplacePublisherPage } from './pages/marketplace-publisher-page';
