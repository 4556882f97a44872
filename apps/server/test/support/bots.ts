import { randomUUID } from 'node:crypto';
import {
  joinSegments,
  type BotColor,
  type BotTrigger,
  type BotTriggerEvent,
} from '@fieldbot/shared';
import {
  BotEngineError,
  type BotEngine,
  type BotEngines,
  type EngineBot,
  type EngineResult,
  type EngineTranscript,
} from '../../src/providers/bot-engine';
import type { SqlQuery } from './test-app';

/**
 * Bots of the test's own (the demo bots are another module's seed): a publisher, published bots
 * with one version each, and the companies they are subscribed to, inserted with SQL.
 */
export interface BotSpec {
  name: string;
  trigger: BotTrigger;
  trigger_event: BotTriggerEvent;
  color?: BotColor;
  engine?: 'rules' | 'llm';
  /** Companies subscribed to it (pinned to its version 1). */
  companies: string[];
}

export interface InsertedBot {
  id: string;
  versionId: string;
  name: string;
}

export async function insertBots(
  q: SqlQuery,
  specs: BotSpec[],
  options: { publisherId?: string } = {},
): Promise<Record<string, InsertedBot>> {
  const code = `T${randomUUID().slice(0, 8)}`;
  const [publisher] = options.publisherId
    ? [{ id: options.publisherId }]
    : await q(`INSERT INTO publishers (name, code) VALUES ($1, $2) RETURNING id`, [
        `Test Publisher ${code}`,
        code,
      ]);
  const out: Record<string, InsertedBot> = {};
  for (const spec of specs) {
    const tags = JSON.stringify([
      { index: 0, label: 'Evidence', description: 'What was said.', rule: null },
    ]);
    const engine = spec.engine ?? 'rules';
    const color = spec.color ?? 'green';
    const [bot] = await q(
      `INSERT INTO bots (publisher_id, name, prompt, color, trigger, trigger_event, output_tags,
         engine, status, latest_version, has_unpublished_changes)
       VALUES ($1, $2, 'Find the evidence.', $3, $4, $5, $6, $7, 'published', 1, false)
       RETURNING id`,
      [publisher!.id, spec.name, color, spec.trigger, spec.trigger_event, tags, engine],
    );
    const [version] = await q(
      `INSERT INTO bot_versions (bot_id, number, name, prompt, color, trigger, trigger_event,
         output_tags, engine, changelog)
       VALUES ($1, 1, $2, 'Find the evidence.', $3, $4, $5, $6, $7, 'First version')
       RETURNING id`,
      [bot!.id, spec.name, color, spec.trigger, spec.trigger_event, tags, engine],
    );
    for (const companyId of spec.companies) {
      await q(`INSERT INTO company_bots (company_id, bot_id, version_id) VALUES ($1, $2, $3)`, [
        companyId,
        bot!.id,
        version!.id,
      ]);
    }
    out[spec.name] = { id: String(bot!.id), versionId: String(version!.id), name: spec.name };
  }
  return out;
}

/**
 * Queues an event's copies as pg-boss `publish` does (one job per subscribed queue, the job id
 * being the event's id), for events whose producer a test does not run.
 */
export async function publishEvent(
  q: SqlQuery,
  event: string,
  id: string,
  data: object,
): Promise<void> {
  await q(
    `INSERT INTO pgboss.job (name, id, data)
     SELECT name, $2::uuid, $3::jsonb FROM pgboss.subscription WHERE event = $1
     ON CONFLICT DO NOTHING`,
    [event, id, JSON.stringify(data)],
  );
}

/** What a scripted engine answers on one call: a result, or an error to throw. */
export type Script = (call: {
  bot: EngineBot;
  transcript: EngineTranscript;
  attempt: number;
}) => Promise<EngineResult> | EngineResult;

/** A result quoting the first occurrence of `quote` in the transcript (or nothing when absent). */
export function quoting(transcript: EngineTranscript, quote: string, raw = `Found: ${quote}`) {
  const start = transcript.text.indexOf(quote);
  const found = start >= 0;
  return {
    rawResponse: raw,
    outputTags: [
      { id: 0, label: 'Evidence', data: found ? quote : null, description: 'What was said.' },
    ],
    responseTags: found
      ? [
          {
            tag_id: 0,
            label: 'Evidence',
            index_start: start,
            index_end: start + quote.length,
            text: quote,
            match: 'exact' as const,
            score: 1,
          },
        ]
      : [],
    unmatchedQuotes: found ? 0 : 1,
    tokensIn: transcript.text.length,
    tokensOut: quote.length,
    costMillicents: 7,
  } satisfies EngineResult;
}

/**
 * Fake engines: each bot name's script decides the answer (default: quote the transcript's first
 * word). Calls are counted per bot name, so tests can tell a retry from a duplicate.
 */
export function scriptedEngines() {
  const scripts = new Map<string, Script>();
  const calls = new Map<string, number>();
  const transcripts = new Map<string, EngineTranscript>();
  const engine = (kind: 'rules' | 'llm'): BotEngine => ({
    kind,
    async run(bot, transcript) {
      const attempt = (calls.get(bot.name) ?? 0) + 1;
      calls.set(bot.name, attempt);
      transcripts.set(bot.name, transcript);
      const script = scripts.get(bot.name);
      if (script) return script({ bot, transcript, attempt });
      return quoting(transcript, transcript.text.split(' ')[0] ?? '');
    },
  });
  const engines: BotEngines = { rules: engine('rules'), llm: engine('llm') };
  return {
    engines,
    script(name: string, script: Script) {
      scripts.set(name, script);
    },
    calls: (name: string) => calls.get(name) ?? 0,
    lastTranscript: (name: string) => transcripts.get(name),
  };
}

export const retryable = (message: string) => new BotEngineError(message, true);
export const final = (message: string) => new BotEngineError(message, false);

/** A promise the test opens when it likes: a scripted engine awaits it to stay busy until then. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * The demo admin's company and its first completed field recording with a transcript, with a few
 * of its words for a fake language model to quote back (evidence the engine can locate).
 */
export async function demoTranscribedRecording(q: SqlQuery, adminEmail: string) {
  const [admin] = await q(`SELECT company_id FROM users WHERE email = $1`, [adminEmail]);
  const companyId = String(admin!.company_id);
  const [interaction] = await q(
    `SELECT i.id, i.type FROM interactions i
     WHERE i.company_id = $1 AND i.type = 'field-recording' AND i.status = 'completed'
       AND EXISTS (SELECT 1 FROM transcript_segments s WHERE s.interaction_id = i.id)
     ORDER BY i.number LIMIT 1`,
    [companyId],
  );
  const segments = await q(
    `SELECT text FROM transcript_segments WHERE interaction_id = $1 ORDER BY position`,
    [interaction!.id],
  );
  const quote = joinSegments(segments as { text: string }[])
    .split(' ')
    .slice(0, 4)
    .join(' ');
  return { companyId, id: String(interaction!.id), type: String(interaction!.type), quote };
}
