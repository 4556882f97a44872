import { joinSegments } from '../bots/transcript-spans';
import { redactPii, type RedactPiiOptions } from './redact-pii';

/**
 * Masks a transcript's PII before it is stored or read by any bot. The segments are redacted as
 * the one text bots read (joinSegments), because a card number is often said across two segments,
 * then cut back at the same places: every mask is as long as what it hides, so each boundary and
 * each bot offset stays where it was. Redacting a redacted transcript changes nothing.
 */
export function redactTranscript<S extends { text: string }>(
  transcript: { text: string; segments: readonly S[] },
  options: RedactPiiOptions = {},
): { text: string; segments: S[]; masked: number } {
  const joined = joinSegments(transcript.segments);
  const inSegments = redactPii(joined, options);
  const plain = redactPii(transcript.text, options);
  let at = 0;
  const segments = transcript.segments.map((segment) => {
    const text = inSegments.text.slice(at, at + segment.text.length);
    at += segment.text.length + 1; // the joining space
    return { ...segment, text };
  });
  return {
    text: plain.text,
    segments,
    masked: Math.max(inSegments.spans.length, plain.spans.length),
  };
}
