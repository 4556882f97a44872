import { formatPlayerTime, type ResponseTag, type TranscriptSegment } from '@fieldbot/shared';
import { Box, Text } from '@mantine/core';
import { useMemo } from 'react';
import { highlightSegments } from '../lib/highlight';

export interface HighlightedTranscriptProps {
  transcript: string;
  segments: readonly TranscriptSegment[];
  tags: readonly ResponseTag[];
  /** A Mantine palette name, e.g. 'cyan'. */
  color: string;
}

/** The transcript a run saw, one line per segment, each response-tag span marked in the bot's colour. */
export function HighlightedTranscript({
  transcript,
  segments,
  tags,
  color,
}: HighlightedTranscriptProps) {
  const lines = useMemo(
    () => highlightSegments(transcript, segments, tags),
    [transcript, segments, tags],
  );
  return (
    <Box
      component="ol"
      m={0}
      p={0}
      mah={420}
      style={{ listStyle: 'none', overflowY: 'auto' }}
      aria-label="Transcript"
      // A long transcript scrolls inside the box; focusable so the keys can scroll it too.
      tabIndex={0}
      data-testid="test-run-transcript"
    >
      {lines.map(({ index, pieces }) => {
        const segment = index >= 0 ? segments[index] : undefined;
        return (
          <li key={index} style={{ padding: '4px 0' }}>
            {segment ? (
              <Text span size="xs" c="dimmed" mr={6}>
                {`[${formatPlayerTime(segment.start)}] ${segment.speaker}:`}
              </Text>
            ) : null}
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {pieces.map((piece, i) =>
                piece.tag ? (
                  <mark
                    key={i}
                    title={piece.tag.label}
                    data-tag-id={piece.tag.tag_id}
                    style={{
                      background: `var(--mantine-color-${color}-light)`,
                      color: 'inherit',
                      borderBottom: `2px solid var(--mantine-color-${color}-filled)`,
                      padding: '0 1px',
                    }}
                  >
                    {piece.text}
                  </mark>
                ) : (
                  <span key={i}>{piece.text}</span>
                ),
              )}
            </Text>
          </li>
        );
      })}
    </Box>
  );
}
