export const MARKETPLACE_PATH = '/marketplace';
export const marketplaceBotPagePath = (botId: string) => `/marketplace/bot/${botId}`;
export const marketplacePublisherPagePath = (publisherId: string) => `/marketplace/${publisherId}`;
