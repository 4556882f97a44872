import type { TranscriptSegment } from '../interactions/interaction.schema';

/**
 * TEMPORARY (pubapi branch): the minimal version the publisher test-run needs to compile; another
 * work stream owns this file, and its version replaces this one at merge.
 *
 * A pasted transcript to segments: "[mm:ss] Speaker: text" or "Speaker: text" lines; any other
 * non-empty line continues the previous speaker.
 */
export function parseTranscript(text: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const m = /^(?:\[(\d{1,3}):(\d{2})\]\s*)?(?:([^:]{1,40}):\s+)?(.+)$/.exec(line);
    if (!m) continue;
    const start =
      m[1] !== undefined ? Number(m[1]) * 60 + Number(m[2]) : (segments.at(-1)?.end ?? 0);
    const speaker = m[3]?.trim() ?? segments.at(-1)?.speaker ?? 'Speaker';
    segments.push({ start, end: start, speaker, text: m[4]!.trim() });
  }
  return segments;
}
