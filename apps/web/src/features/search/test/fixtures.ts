import type { SearchFiltersResponse, SearchHit, SearchLine } from '@fieldbot/shared';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const CUSTOMER_ID = uuid(1);

export function makeLine(overrides: Partial<SearchLine> = {}): SearchLine {
  return {
    position: 4,
    start_seconds: 20.7,
    speaker: 'Technician',
    fragments: [
      { text: 'The run ', match: false },
      { text: 'capacitor', match: true },
      { text: ' is bulging on top.', match: false },
    ],
    ...overrides,
  };
}

let seq = 0;

export function makeHit(overrides: Partial<SearchHit> = {}): SearchHit {
  seq += 1;
  return {
    id: uuid(5000 + seq),
    interaction_id: `R-${String(100100 + seq)}`,
    type: 'field-recording',
    call_type: null,
    customer_id: CUSTOMER_ID,
    customer_name: 'Lakeside Property Management',
    recording_by: 'Tina Tech',
    started_at: '2026-02-03T14:05:09.000Z',
    lines: [makeLine()],
    more_lines: 0,
    ...overrides,
  };
}

export const ACME_BOT = uuid(700);
export const TINA = uuid(800);

export function makeFilters(
  overrides: Partial<SearchFiltersResponse['data']> = {},
): SearchFiltersResponse {
  return {
    data: {
      technicians: [
        { id: TINA, name: 'Tina Tech' },
        { id: uuid(801), name: 'Sam Rivera' },
      ],
      bots: [
        { id: ACME_BOT, name: 'Maintenance plan offered', tags: ['Plan offered', 'Plan declined'] },
        { id: uuid(701), name: 'Upsell Finder', tags: ['Upsell'] },
      ],
      ...overrides,
    },
  };
}
