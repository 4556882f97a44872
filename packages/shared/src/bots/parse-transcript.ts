import type { TranscriptSegment } from '../interactions/interaction.schema';

/** Speaker of pasted text that names none. */
export const UNNAMED_SPEAKER = 'Speaker';

// "[mm:ss]" or "[h:mm:ss]" (also without brackets' inner padding), then the rest of the line.
const TIMED_LINE = /^\[\s*(?:(\d{1,2}):)?(\d{1,3}):(\d{2})(?:\.\d+)?\s*\]\s*(.*)$/;
// "Name: text": a short name that starts with a letter; "10:30" or "http://" never qualify.
const SPEAKER_LINE = /^([\p{L}][\p{L}\p{N} .'’_-]{0,39}?)\s*:\s+(\S.*)$/u;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A sample transcript pasted into the builder's test run, as segments: "[mm:ss] Speaker: text" and
 * "[h:mm:ss] Speaker: text" lines, "Speaker: text" lines, or plain text. A line that is neither
 * continues the segment before it; text before any speaker line, or plain text as a whole, is one
 * segment of UNNAMED_SPEAKER. A segment ends where the next starts (untimed ones keep the time
 * before them, 0 at first), so offsets and seeking work the same as for a real transcript.
 */
export function parseTranscript(input: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let time = 0;
  for (const rawLine of input.split(/\r\n|\r|\n/)) {
    let line = rawLine.trim();
    if (line === '') continue;
    let timed = false;
    const stamp = TIMED_LINE.exec(line);
    if (stamp) {
      const [, h, m, s, rest] = stamp;
      time = Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
      line = rest!.trim();
      timed = true;
    }
    const said = SPEAKER_LINE.exec(line);
    const last = segments.at(-1);
    if (said) {
      segments.push({ start: time, end: time, speaker: squash(said[1]!), text: squash(said[2]!) });
    } else if (timed || !last) {
      if (line === '') continue;
      segments.push({ start: time, end: time, speaker: UNNAMED_SPEAKER, text: squash(line) });
    } else {
      last.text = squash(`${last.text} ${line}`);
    }
  }
  const kept = segments.filter((s) => s.text !== '');
  kept.forEach((segment, i) => {
    const next = kept[i + 1];
    segment.end = next ? Math.max(segment.start, next.start) : segment.start;
  });
  return kept;
}
