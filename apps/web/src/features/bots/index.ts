export { BotsPage, PrivateBotsPage } from './pages/bots-page';
export { BotCreatePage, BotEditPage } from './pages/bot-builder-page';
export { BotDetailPage } from './pages/bot-detail-page';
