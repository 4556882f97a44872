import {
  formatPlayerTime,
  highlightRanges,
  segmentPieces,
  type ResponseTag,
  type TranscriptSegment,
} from '@fieldbot/shared';
import { Box, Text, useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { markColors } from './bot-colors';

export interface HighlightedTranscriptProps {
  segments: readonly TranscriptSegment[];
  tags: readonly ResponseTag[];
  /** The bot's colour name (bot_color). */
  color: string;
}

/**
 * The transcript a test run saw, one line per segment, each response-tag span marked in the bot's
 * colour — the same ranges and colours as the interaction page's transcript.
 */
export function HighlightedTranscript({ segments, tags, color }: HighlightedTranscriptProps) {
  const scheme = useComputedColorScheme('light');
  const mark = markColors(color, scheme);
  const lines = useMemo(
    () => segmentPieces(segments, highlightRanges(segments, tags)),
    [segments, tags],
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
      {lines.map((pieces, index) => {
        const segment = segments[index]!;
        return (
          <li key={index} style={{ padding: '4px 0' }}>
            <Text span size="xs" c="dimmed" mr={6}>
              {`[${formatPlayerTime(segment.start)}] ${segment.speaker}:`}
            </Text>
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {pieces.map((piece, i) =>
                piece.range ? (
                  <mark
                    key={i}
                    title={piece.range.labels.join(', ')}
                    style={{
                      background: mark.background,
                      color: mark.color,
                      borderBottom: `2px solid ${mark.border}`,
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
