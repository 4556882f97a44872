import {
  botIcon,
  type BotResult,
  type BotResultItem,
  type CompanyBot,
  type GptResponse,
  type OutputTag,
  type ResponseTag,
} from '@fieldbot/shared';

let seq = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeResponseTag(overrides: Partial<ResponseTag> = {}): ResponseTag {
  return {
    tag_id: 0,
    label: 'Plan offered',
    index_start: 0,
    index_end: 5,
    text: 'Hello',
    match: 'exact',
    score: 1,
    verdict: null,
    ...overrides,
  };
}

export interface ResultItemInput extends Partial<
  Omit<BotResultItem, 'gpt_response' | 'output_tags'>
> {
  response_tags?: ResponseTag[];
  unmatched_quotes?: number;
  output_tags?: OutputTag[] | null;
}

/** One bot's result as the interaction route sends it (gpt_response and output_tags as JSON text). */
export function makeResultItem({
  response_tags = [],
  unmatched_quotes = 0,
  output_tags = [],
  ...overrides
}: ResultItemInput = {}): BotResultItem {
  seq += 1;
  const gpt: GptResponse = { response_tags, unmatched_quotes };
  return {
    id: uuid(7000 + seq),
    bot_id: uuid(8000 + seq),
    bot_name: `Bot ${seq}`,
    bot_color: 'green',
    bot_icon: botIcon(overrides.bot_color ?? 'green'),
    version: 1,
    status: 'success',
    error_message: null,
    run_type: 'manual',
    run_at: '2026-03-07T14:05:09.000Z',
    raw_response: 'The technician offered a plan.',
    gpt_response: JSON.stringify(gpt),
    output_tags: output_tags === null ? null : JSON.stringify(output_tags),
    ...overrides,
  };
}

export function makeBotResult(overrides: Partial<BotResult> = {}): BotResult {
  return {
    status: 'success',
    run_type: 'manual',
    run_by: 'Ada Admin',
    run_at: new Date(2026, 2, 7, 14, 5, 9).toISOString(),
    errorMessage: null,
    executionTime: 4,
    bot_result_error_message: null,
    results: [],
    ...overrides,
  };
}

/** The customer route encodes gpt_response twice (spec §3). */
export function asCustomerAnswer(result: BotResult): BotResult {
  return {
    ...result,
    results: result.results.map((item) => ({
      ...item,
      gpt_response: item.gpt_response === null ? null : JSON.stringify(item.gpt_response),
    })),
  };
}

export function makeCompanyBot(overrides: Partial<CompanyBot> = {}): CompanyBot {
  seq += 1;
  return {
    id: uuid(9000 + seq),
    name: `Company bot ${seq}`,
    trigger: 'recording-complete',
    trigger_event: 'every',
    color: 'blue',
    icon: botIcon('blue'),
    version: 1,
    latest_version: 1,
    ...overrides,
  };
}
