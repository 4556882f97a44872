import type { Customer, InteractionListItem } from '@fieldbot/shared';

let seq = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  seq += 1;
  return {
    id: uuid(1000 + seq),
    customer_id: `CUS-${1000 + seq}`,
    name: `Customer ${seq}`,
    jobs_count: 2,
    type: 'Residential',
    active: true,
    created_at: '2026-01-05T10:00:00.000Z',
    do_not_record: false,
    legal_hold: false,
    ...overrides,
  };
}

export function makeInteraction(overrides: Partial<InteractionListItem> = {}): InteractionListItem {
  seq += 1;
  return {
    id: uuid(5000 + seq),
    interaction_id: `R-${String(100000 + seq)}`,
    type: 'field-recording',
    call_type: null,
    status: 'completed',
    download_status: null,
    recording_by: 'Tina Tech',
    created_at: '2026-02-03T14:05:09.000Z',
    duration: 95,
    job_id: `J-${2000 + seq}`,
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
