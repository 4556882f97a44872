/**
 * `npm run eval:vocabulary`: the offline engine (pocketsphinx) over the demo clips, once without
 * and once with the company vocabulary of terms.ts; word error rate against the clips' scripts
 * (demo-audio/clips.json, the text the audio was synthesised from) per clip and overall, and the
 * recall of the vocabulary terms (how many of the times a term is said the transcript has it).
 * A measure, not a test: it exits 0 whatever the figures.
 *
 *   npm run eval:vocabulary                    # all ten clips (about 250 s of audio)
 *   npm run eval:vocabulary -- --clips 01,06   # clips whose file names start so
 *   npm run eval:vocabulary -- --save          # also writes the tables into README.md
 *
 * Two clips run at a time at niceness 10 (pocketsphinx uses one core each).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_AUDIO_DIR, loadDemoClips, type DemoClip } from '../../src/lib/demo-clips.js';
import { createPocketsphinxTranscription } from '../../src/providers/transcription/pocketsphinx.js';
import {
  loadLexicon,
  missingWords,
  planAddedWords,
} from '../../src/providers/transcription/pocketsphinx-vocabulary.js';
import { EVAL_VOCABULARY } from './terms.js';
import {
  errorCount,
  normaliseWords,
  termHits,
  wordErrorRate,
  wordErrors,
  type WordErrors,
} from './wer.js';

const { values: args } = parseArgs({
  options: {
    clips: { type: 'string' },
    save: { type: 'boolean', default: false },
  },
});

const modelDir = process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us';
const engine = createPocketsphinxTranscription({
  binaryPath: process.env.POCKETSPHINX_PATH ?? 'pocketsphinx_continuous',
  modelDir,
  ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg',
});

interface Run {
  errors: WordErrors;
  hypothesis: string[];
  seconds: number;
}

interface ClipResult {
  clip: DemoClip;
  reference: string[];
  without: Run;
  with: Run;
}

async function transcribe(clip: DemoClip, vocabulary: readonly string[]): Promise<Run> {
  const started = performance.now();
  const result = await engine.transcribe({
    file: path.join(DEMO_AUDIO_DIR, clip.file),
    fileName: clip.file,
    contentType: clip.content_type,
    niceness: 10,
    vocabulary,
  });
  const reference = normaliseWords(clip.segments.map((s) => s.text).join(' '));
  const hypothesis = normaliseWords(result.text);
  return {
    errors: wordErrors(reference, hypothesis),
    hypothesis,
    seconds: (performance.now() - started) / 1000,
  };
}

async function evaluate(clip: DemoClip): Promise<ClipResult> {
  const reference = normaliseWords(clip.segments.map((s) => s.text).join(' '));
  const without = await transcribe(clip, []);
  const withVocabulary = await transcribe(clip, EVAL_VOCABULARY);
  process.stderr.write(`  ${clip.file}\n`);
  return { clip, reference, without, with: withVocabulary };
}

/** Two lanes: the machine's two cores. */
async function evaluateAll(clips: readonly DemoClip[]): Promise<ClipResult[]> {
  const results: ClipResult[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < clips.length; i = next++) results[i] = await evaluate(clips[i]!);
  };
  await Promise.all([lane(), lane()]);
  return results;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const sum = (xs: readonly WordErrors[]): WordErrors => ({
  substitutions: xs.reduce((a, e) => a + e.substitutions, 0),
  deletions: xs.reduce((a, e) => a + e.deletions, 0),
  insertions: xs.reduce((a, e) => a + e.insertions, 0),
  words: xs.reduce((a, e) => a + e.words, 0),
});

interface TermTotals {
  said: number;
  foundWithout: number;
  foundWith: number;
  extraWithout: number;
  extraWith: number;
}

function termTotals(results: readonly ClipResult[], terms: readonly string[]): TermTotals {
  const t = { said: 0, foundWithout: 0, foundWith: 0, extraWithout: 0, extraWith: 0 };
  for (const r of results) {
    for (const term of terms) {
      const a = termHits(term, r.reference, r.without.hypothesis);
      const b = termHits(term, r.reference, r.with.hypothesis);
      t.said += a.said;
      t.foundWithout += a.found;
      t.foundWith += b.found;
      t.extraWithout += a.extra;
      t.extraWith += b.extra;
    }
  }
  return t;
}

const recall = (found: number, said: number) => (said === 0 ? '–' : `${found}/${said}`);

function report(results: readonly ClipResult[], learned: string, skipped: string): string {
  const lines: string[] = [];
  lines.push('| Clip | Words | WER without | WER with | Terms found without | Terms found with |');
  lines.push('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const t = termTotals([r], EVAL_VOCABULARY);
    lines.push(
      `| ${r.clip.file} | ${r.reference.length} | ${pct(wordErrorRate(r.without.errors))} | ` +
        `${pct(wordErrorRate(r.with.errors))} | ${recall(t.foundWithout, t.said)} | ` +
        `${recall(t.foundWith, t.said)} |`,
    );
  }
  const without = sum(results.map((r) => r.without.errors));
  const withVocabulary = sum(results.map((r) => r.with.errors));
  const t = termTotals(results, EVAL_VOCABULARY);
  lines.push(
    `| **All ${results.length} clips** | ${without.words} | **${pct(wordErrorRate(without))}** | ` +
      `**${pct(wordErrorRate(withVocabulary))}** | **${recall(t.foundWithout, t.said)}** | ` +
      `**${recall(t.foundWith, t.said)}** |`,
  );
  lines.push('');
  const detail = (e: WordErrors) =>
    `${errorCount(e)} errors (${e.substitutions} substitutions, ${e.deletions} deletions, ${e.insertions} insertions)`;
  lines.push(`- Without the vocabulary: ${detail(without)}.`);
  lines.push(`- With the vocabulary: ${detail(withVocabulary)}.`);
  lines.push(
    `- Term recall: ${recall(t.foundWithout, t.said)} → ${recall(t.foundWith, t.said)} ` +
      `(${pct(t.foundWithout / t.said)} → ${pct(t.foundWith / t.said)}); terms heard where ` +
      `nobody said them: ${t.extraWithout} → ${t.extraWith}.`,
  );
  const seconds = (pick: (r: ClipResult) => Run) =>
    results.reduce((a, r) => a + pick(r).seconds, 0).toFixed(1);
  lines.push(
    `- Engine time, summed over clips: ${seconds((r) => r.without)} s without, ` +
      `${seconds((r) => r.with)} s with.`,
  );
  lines.push(`- Words the vocabulary added to the model: ${learned || 'none'}.`);
  lines.push(`- Words left out (no pronunciation could be made): ${skipped || 'none'}.`);
  lines.push('');
  lines.push('Per term (only terms said in the clips, or heard where they were not):');
  lines.push('');
  lines.push('| Term | Said | Found without | Found with | Extra without | Extra with |');
  lines.push('|---|---:|---:|---:|---:|---:|');
  for (const term of EVAL_VOCABULARY) {
    const x = termTotals(results, [term]);
    if (x.said === 0 && x.extraWithout === 0 && x.extraWith === 0) continue;
    lines.push(
      `| ${term} | ${x.said} | ${x.foundWithout} | ${x.foundWith} | ${x.extraWithout} | ${x.extraWith} |`,
    );
  }
  return lines.join('\n');
}

/** The words of the list the engine learns, and those it can't say (a dictionary-less word). */
async function addedWords(): Promise<{ learned: string; skipped: string }> {
  const lexicon = await loadLexicon({
    lm: path.join(modelDir, 'en-us.lm.bin'),
    dict: path.join(modelDir, 'cmudict-en-us.dict'),
  });
  if (!lexicon) return { learned: 'none (the model is not a trie binary)', skipped: '' };
  const added = planAddedWords(EVAL_VOCABULARY, lexicon);
  const learned = added
    .map((w) => `${w.spelling}${w.inDictionary ? '' : ` (${w.phones})`}`)
    .join(', ');
  const all = new Set(added.map((w) => w.word));
  const skipped = missingWords(EVAL_VOCABULARY, lexicon.lmWords).filter(
    (w) => !all.has(w.toLowerCase()),
  );
  return { learned, skipped: skipped.join(', ') };
}

const RESULTS_START = '<!-- results:start -->';
const RESULTS_END = '<!-- results:end -->';

async function main() {
  const prefixes = args.clips?.split(',').map((s) => s.trim());
  const clips = loadDemoClips().filter(
    (c) => !prefixes || prefixes.some((p) => c.file.startsWith(p)),
  );
  process.stderr.write(`Transcribing ${clips.length} clips twice with pocketsphinx…\n`);
  const results = await evaluateAll(clips);
  const { learned, skipped } = await addedWords();
  const table = report(results, learned, skipped);
  process.stdout.write(`${table}\n`);
  if (args.save) {
    const readme = path.join(path.dirname(fileURLToPath(import.meta.url)), 'README.md');
    const text = await readFile(readme, 'utf8');
    const start = text.indexOf(RESULTS_START);
    const end = text.indexOf(RESULTS_END);
    if (start < 0 || end < start) throw new Error(`README.md lacks the ${RESULTS_START} markers`);
    await writeFile(
      readme,
      `${text.slice(0, start + RESULTS_START.length)}\n${table}\n${text.slice(end)}`,
    );
  }
}

await main();
