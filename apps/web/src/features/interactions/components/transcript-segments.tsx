import { formatPlayerTime, type TranscriptSegment } from '@fieldbot/shared';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export interface TranscriptSegmentsProps {
  segments: readonly TranscriptSegment[];
  /** The segment playing now (activeSegmentIndex), -1 for none. */
  activeIndex: number;
  /** A segment was clicked: play from its start. */
  onSeek: (seconds: number) => void;
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

/**
 * Timestamped, speaker-labelled segments. The playing one is highlighted and kept in view, but only
 * while the reader follows along: if the previous segment had been scrolled out of sight, the reader
 * is looking elsewhere and the box stays where they put it. Clicking a segment seeks there.
 */
export function TranscriptSegments({ segments, activeIndex, onSeek }: TranscriptSegmentsProps) {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const previous = useRef(-1);

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
          return (
            <li key={`${segment.start}-${index}`}>
              <UnstyledButton
                data-segment={index}
                aria-current={active ? 'true' : undefined}
                onClick={() => onSeek(segment.start)}
                w="100%"
                px="sm"
                py={6}
                bg={active ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
                    [{formatPlayerTime(segment.start)}]
                  </Text>
                  <Text size="sm">
                    <Text span fw={600}>
                      {segment.speaker}:
                    </Text>{' '}
                    {segment.text}
                  </Text>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
