import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AMOUNT_PERIODS,
  joinSegments,
  parseTranscript,
  type TranscriptSegment,
} from '@fieldbot/shared';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** The labelled transcripts of the bot evaluation (format: eval/README.md). */

const quotes = z.array(z.string().min(1)).nullish();
const amounts = z
  .array(
    z.object({
      cents: z.number().int().positive(),
      per: z.enum(AMOUNT_PERIODS).nullable(),
      quote: z.string().min(1),
    }),
  )
  .nullish();

export const evalFileSchema = z.object({
  type: z.enum(['field-recording', 'csr-call']),
  trade: z.enum(['hvac', 'plumbing', 'electrical', 'appliances']),
  notes: z.string().optional(),
  transcript: z.string().min(1),
  outcome: z.enum(['booked', 'not-booked']).optional(),
  labels: z.record(z.string(), z.record(z.string(), z.union([amounts, quotes])).nullish()),
});

export interface LabelledAmount {
  cents: number;
  per: (typeof AMOUNT_PERIODS)[number] | null;
  quote: string;
}

export interface EvalTranscript {
  id: string;
  type: 'field-recording' | 'csr-call';
  trade: string;
  outcome: 'booked' | 'not-booked' | null;
  segments: TranscriptSegment[];
  /** Segments joined as the engine sees them. */
  text: string;
  /** Quotes (or amounts) by bot name and tag label; absent = not found. */
  labels: Map<string, Map<string, string[] | LabelledAmount[]>>;
}

export class EvalSetError extends Error {}

/** Every `*.yaml` of a folder, validated: each quote must be found in one segment's text. */
export function loadEvalSet(folder: string): EvalTranscript[] {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  return files.map((file) => readEvalFile(path.join(folder, file)));
}

export function readEvalFile(file: string): EvalTranscript {
  const id = path.basename(file, '.yaml');
  const parsed = evalFileSchema.safeParse(parseYaml(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new EvalSetError(
      `${file}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
    );
  }
  const data = parsed.data;
  const segments = parseTranscript(data.transcript);
  const labels = new Map<string, Map<string, string[] | LabelledAmount[]>>();
  for (const [bot, tags] of Object.entries(data.labels)) {
    const byTag = new Map<string, string[] | LabelledAmount[]>();
    for (const [tag, items] of Object.entries(tags ?? {})) {
      if (!items || items.length === 0) continue;
      for (const item of items) {
        const quote = typeof item === 'string' ? item : item.quote;
        if (!segments.some((s) => s.text.includes(quote))) {
          throw new EvalSetError(
            `${file}: ${bot} / ${tag}: quote not found in any line: "${quote}"`,
          );
        }
      }
      byTag.set(tag, items as string[] | LabelledAmount[]);
    }
    labels.set(bot, byTag);
  }
  return {
    id,
    type: data.type,
    trade: data.trade,
    outcome: data.outcome ?? null,
    segments,
    text: joinSegments(segments),
    labels,
  };
}
