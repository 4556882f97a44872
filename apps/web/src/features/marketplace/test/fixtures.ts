import type {
  BotExample,
  CompanyDeprecation,
  MarketplaceBotDetail,
  MarketplaceBotItem,
  MarketplacePublisher,
  Rating,
  RatingListResponse,
} from '@fieldbot/shared';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const NORTHWIND = { id: uuid(1), name: 'Northwind Bots', logo: null };
export const ACME = { id: uuid(2), name: 'Acme Automation', logo: null };

let seq = 0;

export function makeMarketplaceBot(
  overrides: Partial<MarketplaceBotItem> = {},
): MarketplaceBotItem {
  seq += 1;
  return {
    id: uuid(100 + seq),
    name: `Bot ${seq}`,
    description: 'Finds upsell chances in every booked call.',
    color: 'green',
    icon: { light: '/icons/green-light.svg', dark: '/icons/green-dark.svg' },
    trigger: 'call-complete',
    trigger_event: 'call-booked',
    engine: 'rules',
    visibility: 'marketplace',
    publisher: NORTHWIND,
    price_per_run_millicents: 6500,
    companies_count: 12,
    rating: { average: 4.5, count: 8 },
    latest_version: 2,
    published_at: '2026-10-01T10:00:00.000Z',
    subscription: null,
    ...overrides,
  };
}

const TRANSCRIPT = ['Hello, this is Ann from Cool Air.', 'We can add a maintenance plan today.'];

export function makeExample(): BotExample {
  const segments = TRANSCRIPT.map((text, i) => ({
    start: i * 5,
    end: i * 5 + 5,
    speaker: i === 0 ? 'Agent' : 'Customer',
    text,
  }));
  const joined = TRANSCRIPT.join(' ');
  const quote = 'maintenance plan';
  const start = joined.indexOf(quote);
  return {
    sample_title: 'AC tune-up call',
    transcript: joined,
    segments,
    result: {
      bot_name: 'Upsell Finder',
      bot_color: 'green',
      bot_icon: { light: '/l.svg', dark: '/d.svg' },
      version: 2,
      status: 'success',
      error_message: null,
      run_type: 'manual',
      run_at: '2026-10-01T10:00:00.000Z',
      raw_response: 'Offered a maintenance plan.',
      gpt_response: JSON.stringify({
        response_tags: [
          {
            tag_id: 0,
            label: 'Upsell',
            index_start: start,
            index_end: start + quote.length,
            text: quote,
            match: 'exact',
            score: 1,
            verdict: null,
          },
        ],
        unmatched_quotes: 0,
      }),
      output_tags: JSON.stringify([
        { id: 0, label: 'Upsell', data: 'Maintenance plan', description: 'What was offered' },
      ]),
    },
  };
}

export function makeBotDetail(overrides: Partial<MarketplaceBotDetail> = {}): MarketplaceBotDetail {
  return {
    ...makeMarketplaceBot({ id: uuid(500), name: 'Upsell Finder', engine: 'llm' }),
    output_tags: [{ index: 0, label: 'Upsell', description: 'What the technician offered' }],
    versions: [
      {
        number: 2,
        changelog: 'Finds plan offers too.',
        published_at: '2026-10-01T10:00:00.000Z',
        deprecation: null,
      },
      {
        number: 1,
        changelog: 'First release.',
        published_at: '2026-09-01T10:00:00.000Z',
        deprecation: {
          retires_on: '2026-12-20',
          note: 'Misses plan offers.',
          deprecated_at: '2026-11-01T10:00:00.000Z',
        },
      },
    ],
    example: makeExample(),
    my_rating: null,
    ...overrides,
  };
}

export function makeRating(overrides: Partial<Rating> = {}): Rating {
  seq += 1;
  return {
    company_id: uuid(800 + seq),
    company_name: `Company ${seq}`,
    rating: 5,
    comment: 'Great bot',
    created_at: '2026-10-02T10:00:00.000Z',
    updated_at: '2026-10-02T10:00:00.000Z',
    reply: null,
    replied_at: null,
    ...overrides,
  };
}

export function ratingsResponse(items: Rating[], count = items.length): RatingListResponse {
  return {
    data: {
      items,
      count,
      summary: { average: 4.5, count, distribution: [0, 0, 1, 2, 5] },
    },
  };
}

export function makePublisher(overrides: Partial<MarketplacePublisher> = {}): MarketplacePublisher {
  return {
    ...NORTHWIND,
    description: 'Bots for HVAC companies.',
    website: 'https://northwind.example',
    support_email: 'help@northwind.example',
    bots_count: 3,
    is_client: true,
    ...overrides,
  };
}

export function makeDeprecation(overrides: Partial<CompanyDeprecation> = {}): CompanyDeprecation {
  return {
    bot_id: uuid(500),
    bot_name: 'Upsell Finder',
    version: 1,
    newest_version: 2,
    retires_on: '2026-12-20',
    note: null,
    ...overrides,
  };
}
