export const CLIENTS_PATH = '/clients/list';

export const CLIENT_TABS = ['general', 'bots', 'runs'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

export const clientDetailPath = (id: string, tab: ClientTab = 'general') =>
  `/clients/detail/${id}/${tab}`;
