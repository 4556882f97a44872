import type { CSSProperties } from 'react';
import { missedRuns, TRANSCRIPT_OFFSET_ATTRIBUTE, type MissedRange } from './missed-marks';

/** Words a reviewer marked as missed: a dashed underline, a shape rather than a colour. */
const MISSED_STYLE: CSSProperties = {
  textDecorationLine: 'underline',
  textDecorationStyle: 'dashed',
  textDecorationThickness: 2,
  textUnderlineOffset: 4,
  textDecorationColor: 'currentColor',
};

export interface TranscriptTextProps {
  text: string;
  /** Where `text` starts in the joined transcript. */
  start: number;
  missed?: readonly MissedRange[];
}

/**
 * A piece of transcript text: each run in its own span with its transcript offset (a selection
 * maps back to offsets through it), the words marked as missed underlined.
 */
export function TranscriptText({ text, start, missed = [] }: TranscriptTextProps) {
  return missedRuns(text, start, missed).map((run) =>
    run.missed ? (
      <span
        key={run.start}
        {...{ [TRANSCRIPT_OFFSET_ATTRIBUTE]: run.start }}
        data-missed=""
        title={run.missed.map((label) => `Missed: ${label}`).join(', ')}
        style={MISSED_STYLE}
      >
        {run.text}
      </span>
    ) : (
      <span key={run.start} {...{ [TRANSCRIPT_OFFSET_ATTRIBUTE]: run.start }}>
        {run.text}
      </span>
    ),
  );
}
