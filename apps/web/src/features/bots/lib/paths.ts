export const BOT_LIST_PATH = '/bot/list';
export const PRIVATE_BOTS_PATH = '/bot/private-bot';
export const BOT_CREATE_PATH = '/bot/create';
export const botEditPath = (id: string) => `/bot/create/${id}`;
export const botDetailPath = (id: string) => `/bot/detail/${id}`;
