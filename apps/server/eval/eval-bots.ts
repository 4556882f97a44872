/**
 * `npm run eval:bots`: the demo bots over the labelled evaluation set, per output tag: precision,
 * recall, F1, n and evidence overlap, for the tuning part and the held-out part (eval/README.md).
 * A measure, not a test: it exits 0 whatever the figures.
 *
 *   npm run eval:bots                           # rules engine, both parts
 *   npm run eval:bots -- --engine llm           # the LLM engine of LLM_BASE_URL / LLM_MODEL
 *   npm run eval:bots -- --set path/to/folder   # another set labelled the same way
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/config.js';
import type { BotEngine } from '../src/providers/bot-engine/bot-engine.js';
import { createLlmEngine } from '../src/providers/bot-engine/llm/llm-engine.js';
import { createRulesEngine } from '../src/providers/bot-engine/rules/rules-engine.js';
import { EvalSetError, loadEvalSet } from './eval-set.js';
import { formatPart } from './report.js';
import { evaluateSet } from './run-eval.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'rules' },
    set: { type: 'string', multiple: true },
    concurrency: { type: 'string', default: '4' },
  },
});

function engineFromArgs(): BotEngine {
  if (values.engine === 'rules') return createRulesEngine();
  if (values.engine === 'llm') {
    const llm = loadConfigOrExit().llm;
    if (!llm) {
      console.error(
        '--engine llm needs LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if the endpoint asks for one).',
      );
      process.exit(1);
    }
    return createLlmEngine(llm);
  }
  console.error(`--engine is rules or llm, not ${values.engine}`);
  process.exit(1);
}

const parts = values.set?.length
  ? values.set.map((folder) => ({ title: folder, folder }))
  : [
      { title: 'dev (tuning part)', folder: path.join(here, 'sets/dev') },
      { title: 'holdout (never tuned on)', folder: path.join(here, 'sets/holdout') },
    ];

const engine = engineFromArgs();
console.log(`engine: ${engine.kind}`);
for (const { title, folder } of parts) {
  try {
    const transcripts = loadEvalSet(folder);
    const started = performance.now();
    const part = await evaluateSet(transcripts, engine, {
      concurrency: engine.kind === 'llm' ? Number(values.concurrency) : 1,
    });
    console.log(`\n${formatPart(title, part)}`);
    console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    if (!(error instanceof EvalSetError)) throw error;
    console.error(`\n${title}: ${error.message}`);
  }
}
