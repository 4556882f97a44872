/**
 * `npx tsx apps/server/eval/vocabulary/kws-probe.ts`: a probe, not part of the product. How well
 * would pocketsphinx's keyword spotting (-kws) find the vocabulary terms in the demo clips, and at
 * what CPU cost? It runs only the spotting search (no transcript) and counts, per term, the times
 * it is said (the clip's script) and spotted: found = min of the two, extra = spotted beyond that.
 *
 * Threshold per phrase from its length in phones, fixed before this run from a hand trial on clips
 * 01, 02 and 06 (so those clips are not unseen): 1e-(4 × phones − 5), e.g. "flue" (3 phones) 1e-7,
 * "compressor" (8) 1e-27, "run capacitor" (11) 1e-39. Terms with a word the dictionary lacks are
 * left out.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_AUDIO_DIR, loadDemoClips } from '../../src/lib/demo-clips.js';
import { parseDictionary } from '../../src/providers/transcription/pocketsphinx-vocabulary.js';
import { EVAL_VOCABULARY } from './terms.js';
import { normaliseWords, occurrences } from './wer.js';

const modelDir = process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us';

function run(command: string, args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString()) : reject(new Error(`${command} ${code}`)),
    );
  });
}

async function main() {
  const dict = parseDictionary(await readFile(path.join(modelDir, 'cmudict-en-us.dict'), 'utf8'));
  const phrases: { term: string; words: string[]; threshold: string }[] = [];
  const left: string[] = [];
  for (const term of EVAL_VOCABULARY) {
    const words = normaliseWords(term);
    const prons = words.map((w) => dict.get(w));
    if (prons.some((p) => !p)) {
      left.push(term);
      continue;
    }
    const phones = prons.join(' ').split(' ').length;
    phrases.push({ term, words, threshold: `1e-${Math.max(1, 4 * phones - 5)}` });
  }
  const work = await mkdtemp(path.join(tmpdir(), 'fieldbot-kws-'));
  try {
    const kws = path.join(work, 'terms.kws');
    await writeFile(kws, phrases.map((p) => `${p.words.join(' ')} /${p.threshold}/\n`).join(''));
    const totals = new Map(phrases.map((p) => [p.term, { said: 0, found: 0, extra: 0 }]));
    let seconds = 0;
    let audio = 0;
    for (const clip of loadDemoClips()) {
      const wav = path.join(work, 'a.wav');
      await run('ffmpeg', [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i'],
        ...[path.join(DEMO_AUDIO_DIR, clip.file), '-ac', '1', '-ar', '16000', wav],
      ]);
      const started = performance.now();
      const out = await run('pocketsphinx_continuous', [
        ...['-infile', wav, '-time', 'yes', '-hmm', path.join(modelDir, 'en-us')],
        ...['-dict', path.join(modelDir, 'cmudict-en-us.dict'), '-kws', kws],
      ]);
      seconds += (performance.now() - started) / 1000;
      audio += clip.duration;
      // Timed lines: "<phrase> <start> <end> <score>"; the untimed summary lines are skipped.
      const spotted = out
        .split('\n')
        .map((l) => /^(.+?)\s+\d+\.\d+ \d+\.\d+ [\d.]+$/.exec(l.trim())?.[1])
        .filter((p): p is string => p !== undefined);
      const reference = normaliseWords(clip.segments.map((s) => s.text).join(' '));
      for (const p of phrases) {
        const said = occurrences(p.words, reference);
        const detected = spotted.filter((s) => s === p.words.join(' ')).length;
        const t = totals.get(p.term)!;
        t.said += said;
        t.found += Math.min(said, detected);
        t.extra += Math.max(0, detected - said);
      }
    }
    const all = [...totals.values()].reduce(
      (a, t) => ({ said: a.said + t.said, found: a.found + t.found, extra: a.extra + t.extra }),
      { said: 0, found: 0, extra: 0 },
    );
    const lines = [
      '| Term | Threshold | Said | Spotted (found) | Extra |',
      '|---|---|---:|---:|---:|',
    ];
    for (const p of phrases) {
      const t = totals.get(p.term)!;
      if (t.said === 0 && t.extra === 0) continue;
      lines.push(`| ${p.term} | ${p.threshold} | ${t.said} | ${t.found} | ${t.extra} |`);
    }
    lines.push(`| **All** | | **${all.said}** | **${all.found}** | **${all.extra}** |`);
    lines.push('');
    lines.push(
      `Spotting time: ${seconds.toFixed(1)} s of wall time for ${audio.toFixed(0)} s of audio. ` +
        `Terms left out (a word not in the dictionary): ${left.join(', ') || 'none'}.`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
