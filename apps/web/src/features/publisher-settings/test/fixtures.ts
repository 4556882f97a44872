import { publicMarketplacePath, type PublisherInfo } from '@fieldbot/shared';

export function makePublisherInfo(overrides: Partial<PublisherInfo> = {}): PublisherInfo {
  const base = {
    id: '00000000-0000-4000-8000-00000000b001',
    name: 'Northwind Bots',
    code: 'NW42XY',
    logo: null,
    description: 'Bots that listen for booked jobs.',
    website: 'https://northwind.example',
    support_email: 'help@northwind.example',
    default_markup_percent: 20,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  return { landing_path: publicMarketplacePath(base.code, base.name), ...base };
}
