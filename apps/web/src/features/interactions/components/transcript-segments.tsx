import {
  formatPlayerTime,
  highlightRanges,
  joinSegments,
  segmentOffsets,
  segmentPieces,
  type MissedMark,
  type ResponseTag,
  type SegmentPiece,
  type TranscriptSegment,
} from '@fieldbot/shared';
import { Box, Group, Text, UnstyledButton, useComputedColorScheme } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  markColors,
  missedRanges,
  TranscriptText,
  type MarkColors,
  type MissedRange,
} from '@/components/bot-result';

/** The response tags of the bot whose result is shown, highlighted in its colour. */
export interface TranscriptHighlight {
  tags: readonly ResponseTag[];
  /** The bot's colour name (bot_color). */
  color: string;
  botName: string;
  /** Words reviewers marked as missed by one of the bot's tags, underlined. */
  missed?: readonly MissedMark[];
}

export interface TranscriptSegmentsProps {
  segments: readonly TranscriptSegment[];
  /** The segment playing now (activeSegmentIndex), -1 for none. */
  activeIndex: number;
  /** A segment or a highlight was clicked: play from its start. */
  onSeek: (seconds: number) => void;
  highlight?: TranscriptHighlight | null;
}

/** At least partly inside the scroll box. */
function isVisibleIn(element: Element, container: Element): boolean {
  const box = element.getBoundingClientRect();
  const view = container.getBoundingClientRect();
  return box.bottom > view.top && box.top < view.bottom;
}

function isWhollyIn(element: Element, container: Element): boolean {
  const box = element.getBoundingClientRect();
  const view = container.getBoundingClientRect();
  return box.top >= view.top && box.bottom <= view.bottom;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Scrolls only the transcript box (never the page) so that `element` sits in its middle. */
function centreIn(element: HTMLElement, container: HTMLElement): void {
  const box = element.getBoundingClientRect();
  const view = container.getBoundingClientRect();
  const top =
    container.scrollTop + (box.top - view.top) - (container.clientHeight - box.height) / 2;
  container.scrollTo({
    top: Math.max(0, top),
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
  });
}

/** A piece with where it starts in the joined transcript. */
type PlacedPiece = SegmentPiece & { start: number };

/** Words are being selected (a drag that ends on a row is a selection, not a click to play). */
const isSelecting = () => !(document.getSelection()?.isCollapsed ?? true);

const HIGHLIGHT_SELECTOR = 'mark[data-highlight-start]';

/** Brings the highlight holding transcript offset `offset` into view (a response tag was chosen). */
export function revealHighlight(offset: number): void {
  const mark = Array.from(document.querySelectorAll<HTMLElement>(HIGHLIGHT_SELECTOR)).find(
    (m) => Number(m.dataset.highlightStart) <= offset && offset < Number(m.dataset.highlightEnd),
  );
  mark?.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/**
 * Timestamped, speaker-labelled segments. The playing one is highlighted and kept in view, but only
 * while the reader follows along: if the previous segment had been scrolled out of sight, the reader
 * is looking elsewhere and the box stays where they put it. Clicking a segment seeks there.
 *
 * A bot's response tags are highlighted in its colour; each highlight is a button (Enter or Space)
 * that plays from where the quote is spoken. The time of each row is its button, named by the whole
 * row, so no control sits inside another.
 */
export function TranscriptSegments({
  segments,
  activeIndex,
  onSeek,
  highlight,
}: TranscriptSegmentsProps) {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const previous = useRef(-1);
  const rowId = useId();
  const scheme = useComputedColorScheme('light');
  const pieces = useMemo(() => {
    const offsets = segmentOffsets(segments);
    const split = segmentPieces(
      segments,
      highlight ? highlightRanges(segments, highlight.tags) : [],
    );
    return split.map((row, index) => {
      let at = offsets[index]!;
      return row.map((piece): PlacedPiece => {
        const start = at;
        at += piece.text.length;
        return { ...piece, start };
      });
    });
  }, [segments, highlight]);
  const missed = useMemo(
    () => (highlight?.missed?.length ? missedRanges(joinSegments(segments), highlight.missed) : []),
    [segments, highlight],
  );
  const colors = highlight ? markColors(highlight.color, scheme) : null;

  useEffect(() => {
    const before = previous.current;
    previous.current = activeIndex;
    if (!box || activeIndex < 0 || activeIndex === before) return;
    const current = box.querySelector<HTMLElement>(`[data-segment="${activeIndex}"]`);
    const last = before >= 0 ? box.querySelector(`[data-segment="${before}"]`) : null;
    if (!current || (last && !isVisibleIn(last, box))) return;
    if (!isWhollyIn(current, box)) centreIn(current, box);
  }, [activeIndex, box]);

  return (
    <Box
      ref={setBox}
      mah={360}
      style={{ overflowY: 'auto' }}
      data-testid="transcript-segments"
      tabIndex={-1}
    >
      <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {segments.map((segment, index) => {
          const active = index === activeIndex;
          const timeId = `${rowId}-time-${index}`;
          const textId = `${rowId}-text-${index}`;
          return (
            <Box
              component="li"
              key={`${segment.start}-${index}`}
              data-segment={index}
              aria-current={active ? 'true' : undefined}
              // The whole row plays from its start for a pointer; keyboards use its time button.
              onClick={() => {
                if (!isSelecting()) onSeek(segment.start);
              }}
              px="sm"
              py={6}
              bg={active ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-sm)', cursor: 'pointer' }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <UnstyledButton
                  id={timeId}
                  aria-labelledby={`${timeId} ${textId}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onSeek(segment.start);
                  }}
                  style={{ flexShrink: 0 }}
                >
                  <Text span size="sm" c="dimmed" ff="monospace">
                    [{formatPlayerTime(segment.start)}]
                  </Text>
                </UnstyledButton>
                <Text size="sm" id={textId}>
                  <Text span fw={600}>
                    {segment.speaker}:
                  </Text>{' '}
                  {(pieces[index] ?? []).map((piece, i) =>
                    piece.range && colors ? (
                      <Highlight
                        key={i}
                        piece={piece}
                        colors={colors}
                        missed={missed}
                        onSeek={onSeek}
                      />
                    ) : (
                      <TranscriptText
                        key={i}
                        text={piece.text}
                        start={piece.start}
                        missed={missed}
                      />
                    ),
                  )}
                </Text>
              </Group>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function Highlight({
  piece,
  colors,
  missed,
  onSeek,
}: {
  piece: PlacedPiece;
  colors: MarkColors;
  missed: readonly MissedRange[];
  onSeek: (seconds: number) => void;
}) {
  const range = piece.range!;
  const play = () => {
    if (range.seconds !== null) onSeek(range.seconds);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    play();
  };
  return (
    <mark
      // A quote split over rows is one control: its first piece takes focus, the rest only clicks.
      role={piece.opensRange ? 'button' : undefined}
      tabIndex={piece.opensRange ? 0 : undefined}
      onKeyDown={piece.opensRange ? onKeyDown : undefined}
      onClick={(event) => {
        // Not the row's own seek to its start.
        event.stopPropagation();
        if (!isSelecting()) play();
      }}
      title={`${range.labels.join(', ')}: play from ${formatPlayerTime(range.seconds ?? 0)}`}
      data-highlight-start={range.start}
      data-highlight-end={range.end}
      style={{
        background: colors.background,
        color: colors.color,
        boxShadow: `inset 0 -2px 0 ${colors.border}`,
        borderRadius: 2,
        padding: '0 1px',
        cursor: 'pointer',
      }}
    >
      <TranscriptText text={piece.text} start={piece.start} missed={missed} />
    </mark>
  );
}
