import {
  botIcon,
  type ClientBot,
  type ClientDetail,
  type ClientListItem,
  type ClientRun,
} from '@fieldbot/shared';

let seq = 0;
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeClientListItem(overrides: Partial<ClientListItem> = {}): ClientListItem {
  seq += 1;
  return {
    id: uuid(1000 + seq),
    name: `Client ${seq}`,
    logo: null,
    since: '2026-03-04T10:00:00.000Z',
    source: 'subscription',
    bots_used: 2,
    runs: 120,
    estimated_cost_cents: 1250,
    markup_percent: 20,
    markup_overridden: false,
    client_cost_cents: 1500,
    ...overrides,
  };
}

export function makeClientDetail(overrides: Partial<ClientDetail> = {}): ClientDetail {
  seq += 1;
  return {
    id: uuid(2000 + seq),
    name: 'Acme Heating',
    logo: null,
    description: 'Heating and cooling in Austin since 1990.',
    city: 'Austin',
    state: 'TX',
    industry: 'HVAC',
    type: 'Residential',
    since: '2026-02-10T09:00:00.000Z',
    source: 'referral',
    markup_percent: 20,
    markup_overridden: false,
    default_markup_percent: 20,
    bots_used: 2,
    ...overrides,
  };
}

export function makeClientBot(overrides: Partial<ClientBot> = {}): ClientBot {
  seq += 1;
  return {
    bot_id: uuid(3000 + seq),
    name: `Bot ${seq}`,
    color: 'green',
    icon: botIcon('green'),
    version: 2,
    latest_version: 2,
    update_available: false,
    subscribed_at: '2026-02-11T09:00:00.000Z',
    retires_on: null,
    ...overrides,
  };
}

export function makeClientRun(overrides: Partial<ClientRun> = {}): ClientRun {
  seq += 1;
  return {
    id: uuid(4000 + seq),
    bot_id: uuid(3001),
    bot_name: 'Plan offered',
    version: 2,
    status: 'success',
    run_type: 'automatic',
    target_type: 'field-recording',
    run_at: '2026-03-05T15:00:00.000Z',
    estimated_cost_millicents: 6500,
    markup_percent: 20,
    client_cost_millicents: 7800,
    ...overrides,
  };
}

/** The query string of every fetch to `path`, in call order. */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}
