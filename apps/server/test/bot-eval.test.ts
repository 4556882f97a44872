import { execFile } from 'node:child_process';
import { mkdtemp, copyFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvalFile, type EvalTranscript } from '../eval/eval-set';
import { goals } from '../eval/report';
import { evaluateSet } from '../eval/run-eval';
import { figures, sumCounts } from '../eval/score';
import type { LlmConfig } from '../src/config';
import { createLlmEngine } from '../src/providers/bot-engine/llm/llm-engine';
import { createRulesEngine } from '../src/providers/bot-engine/rules/rules-engine';
import { jsonAnswer, startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';

const serverRoot = path.resolve(import.meta.dirname, '..');
const devFile = (name: string) => path.join(serverRoot, 'eval/sets/dev', `${name}.yaml`);

/**
 * A fixed slice of the tuning part of the evaluation set (the whole set is measured by
 * `npm run eval:bots`): a change to the rules engine that makes the demo bots worse on these
 * transcripts fails here.
 */
const SLICE = [
  'visit-hvac-furnace-tuneup',
  'visit-hvac-ductless-minisplit',
  'visit-hvac-member-blower-motor',
  'visit-plumbing-water-heater-replacement',
  'visit-appliances-fridge-not-cooling',
  'visit2-electrical-gfci-chatty',
  'visit2-plumbing-repipe-floor-plan',
  'visit2-hvac-capacitor-no-cool',
  'call-hvac-ac-died-newborn',
  'call-plumbing-burst-pipe-dispatch',
  'call-electrical-flickering-lights',
  'call-hvac-replacement-too-far-out',
  'call2-hvac-heat-pump-new-carpet',
  'call2-plumbing-disposal-book-online',
  'call2-appliances-washer-leak-laminate',
  'call-plumbing-sewer-backup-guests',
];

describe('bot evaluation', () => {
  it('keeps the demo bots’ figures on a fixed slice of the tuning set (rules engine)', async () => {
    const part = await evaluateSet(
      SLICE.map((f) => readEvalFile(devFile(f))),
      createRulesEngine(),
    );
    const tag = (bot: string, label: string) => part.tags.get(`${bot}\u0000${label}`)!;
    const plan = figures(tag('Maintenance plan offered', 'Plan offered'));
    expect(plan.precision).toBe(1);
    expect(plan.recall).toBe(1);
    expect(part.bookingRight).toBe(part.bookingCalls);
    const amounts = figures(tag('Price quoted', 'Amounts quoted'));
    expect(amounts.precision).toBeGreaterThanOrEqual(0.9);
    expect(amounts.recall).toBeGreaterThanOrEqual(0.8);
    const concerns = figures(
      sumCounts([...part.tags.values()].filter((t) => t.bot === 'Customer concerns')),
    );
    expect(concerns.precision).toBeGreaterThanOrEqual(0.9);
    expect(concerns.recall).toBeGreaterThanOrEqual(0.9);
    expect(part.spansExact).toBe(part.spansTotal);
    expect(goals(part).filter((g) => g.met === false)).toEqual([]);
  });

  describe('through the LLM engine', () => {
    let openai: FakeOpenAi;
    beforeAll(async () => {
      openai = await startFakeOpenAi();
    });
    afterAll(() => openai.close());
    const config = (): LlmConfig => ({
      baseUrl: openai.baseUrl,
      apiKey: 'test-key',
      model: 'eval-model',
      priceInputCentsPerMTok: 0,
      priceOutputCentsPerMTok: 0,
      timeoutMs: 5_000,
      maxRetries: 0,
      retryDelayMs: 0,
      referenceTokenBudget: 1_000,
    });

    it('scores the model’s answers against the labels, amounts read from its text', async () => {
      const visit: EvalTranscript = readEvalFile(devFile('visit-hvac-furnace-tuneup'));
      const plan = visit.labels.get('Maintenance plan offered')!;
      const amounts = visit.labels.get('Price quoted')!.get('Amounts quoted') as {
        cents: number;
        quote: string;
      }[];
      const quoteOf = (items: unknown[] | undefined) =>
        (items ?? []).map((i) => (typeof i === 'string' ? i : (i as { quote: string }).quote));
      const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
      // The model answers each bot of the visit (the plan bot, then the price bot) perfectly.
      openai.script(
        jsonAnswer({
          tags: {
            tag_0: { value: 'Yes', quotes: quoteOf(plan.get('Plan offered')) },
            tag_1: plan.get('Plan declined')
              ? { value: 'Declined', quotes: quoteOf(plan.get('Plan declined')) }
              : { value: null, quotes: [] },
            tag_2: {
              value:
                (plan.get('Plan price') as { cents: number }[] | undefined)
                  ?.map((a) => dollars(a.cents))
                  .join(', ') ?? null,
              quotes: quoteOf(plan.get('Plan price')),
            },
          },
        }),
        jsonAnswer({
          tags: {
            tag_0: {
              value: amounts.map((a) => dollars(a.cents)).join(', '),
              quotes: amounts.map((a) => a.quote),
            },
          },
        }),
      );
      const part = await evaluateSet([visit], createLlmEngine(config()));
      const offered = part.tags.get('Maintenance plan offered\u0000Plan offered')!;
      expect(figures(offered)).toMatchObject({ precision: 1, recall: 1 });
      expect(offered.quotesCovered).toBe(offered.quotes);
      const quoted = part.tags.get('Price quoted\u0000Amounts quoted')!;
      expect(quoted).toMatchObject({ tp: amounts.length, fp: 0, fn: 0 });
      expect(part.spansExact).toBe(part.spansTotal);
      expect(openai.requests.at(-1)!.body.model).toBe('eval-model');
    });

    it('runs as `npm run eval:bots -- --engine llm --set <folder>` and exits 0', async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'fieldbot-eval-'));
      try {
        await copyFile(devFile('call-hvac-ac-died-newborn'), path.join(folder, 'a.yaml'));
        // Whatever the bot, the model finds nothing: every labelled tag is a miss.
        openai.respond = (body) => {
          const tags = (
            body.response_format.json_schema.schema as {
              properties: { tags: { properties: Record<string, unknown> } };
            }
          ).properties.tags.properties;
          return jsonAnswer({
            tags: Object.fromEntries(
              Object.keys(tags).map((k) => [k, { value: null, quotes: [] }]),
            ),
          });
        };
        const { stdout } = await promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'eval/eval-bots.ts', '--engine', 'llm', '--set', folder],
          {
            cwd: serverRoot,
            env: { ...process.env, LLM_BASE_URL: openai.baseUrl, LLM_MODEL: 'eval-model' },
          },
        );
        expect(stdout).toContain('engine: llm');
        expect(stdout).toMatch(/Booking outcome \/ Booked\s+1 {4}– 0\.00/);
        expect(stdout).toContain('✗ Booking outcome accuracy on calls ≥ 0.90');
      } finally {
        openai.respond = null;
        await rm(folder, { recursive: true, force: true });
      }
    });
  });
});
