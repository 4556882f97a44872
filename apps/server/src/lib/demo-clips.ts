import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallType, InteractionType } from '@fieldbot/shared';

/**
 * The ten real-speech demo clips of demo-audio/ (synthesised by
 * apps/server/scripts/make-demo-audio.ts) and their transcripts and waveform peaks
 * (demo-audio/clips.json). The demo seed stores them as interactions, the demo CRM serves them as
 * call recordings and the bot builder offers them as sample transcripts, so they live here, below
 * all three.
 */

export const DEMO_AUDIO_PREFIX = 'demo-audio';
export const DEMO_CLIPS_FILE = 'clips.json';
export const DEMO_AUDIO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-audio');

export interface DemoClip {
  file: string;
  title: string;
  type: InteractionType;
  /** Acme Home Services (HVAC) uses the hvac clips, Globex Plumbing the plumbing ones. */
  trade: 'hvac' | 'plumbing';
  call_type: CallType | null;
  content_type: string;
  format: string;
  /** Seconds, two decimals. */
  duration: number;
  size_bytes: number;
  segments: { start: number; end: number; speaker: string; text: string }[];
  /** Max-abs per bucket, 0..1, N = min(AUDIO_PEAKS_MAX, ceil(duration × 20)). */
  peaks: number[];
}

export interface DemoClipsFile {
  generated_by: string;
  clips: DemoClip[];
}

export function loadDemoClips(): DemoClip[] {
  const raw = readFileSync(path.join(DEMO_AUDIO_DIR, DEMO_CLIPS_FILE), 'utf8');
  return (JSON.parse(raw) as DemoClipsFile).clips;
}

export const demoClipKey = (clip: Pick<DemoClip, 'file'>) => `${DEMO_AUDIO_PREFIX}/${clip.file}`;
