import type { TranscriptSegment } from '@fieldbot/shared';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TranscriptSegments } from './transcript-segments';

const ROW = 40;
const BOX = 100;

const segments: TranscriptSegment[] = Array.from({ length: 10 }, (_, i) => ({
  start: i * 10,
  end: i * 10 + 10,
  speaker: i % 2 ? 'Speaker 2' : 'Speaker 1',
  text: `Sentence number ${i}.`,
}));

function rect(top: number, height: number): DOMRect {
  return {
    top,
    bottom: top + height,
    height,
    left: 0,
    right: 300,
    width: 300,
    x: 0,
    y: top,
  } as DOMRect;
}

/** Lays the rows out in a 100 px box (jsdom has no layout); scrollTo moves them. */
function layOut() {
  const box = screen.getByTestId('transcript-segments');
  let scrollTop = 0;
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: BOX });
  Object.defineProperty(box, 'scrollTop', { configurable: true, get: () => scrollTop });
  box.getBoundingClientRect = () => rect(0, BOX);
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    scrollTop = options.top ?? scrollTop;
  });
  box.scrollTo = scrollTo as typeof box.scrollTo;
  box.querySelectorAll<HTMLElement>('[data-segment]').forEach((row) => {
    const index = Number(row.dataset.segment);
    row.getBoundingClientRect = () => rect(index * ROW - scrollTop, ROW);
  });
  return {
    scrollTo,
    /** The reader scrolls the box by hand. */
    scrollBy: (pixels: number) => {
      scrollTop += pixels;
    },
  };
}

function renderSegments(activeIndex: number, onSeek = vi.fn()) {
  const view = render(
    <TranscriptSegments segments={segments} activeIndex={activeIndex} onSeek={onSeek} />,
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MantineProvider env="test">{children}</MantineProvider>
      ),
    },
  );
  const rerender = (index: number) =>
    view.rerender(<TranscriptSegments segments={segments} activeIndex={index} onSeek={onSeek} />);
  return { ...view, rerender, onSeek };
}

const row = (index: number) =>
  screen.getByRole('button', { name: new RegExp(`number ${index}\\.`) });

describe('TranscriptSegments', () => {
  it('shows each segment with its time and speaker and highlights the active one', () => {
    renderSegments(1);
    expect(row(0)).toHaveAccessibleName('[00:00] Speaker 1: Sentence number 0.');
    expect(row(7).closest('li')).toHaveTextContent('[01:10]Speaker 2: Sentence number 7.');
    // One element says which row is current: its list item (announced once, not twice).
    expect(row(1).closest('li')).toHaveAttribute('aria-current', 'true');
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('seeks to the start of a clicked segment, by its time or its text', async () => {
    const { onSeek } = renderSegments(-1);
    const user = userEvent.setup();
    await user.click(row(4));
    expect(onSeek).toHaveBeenCalledExactlyOnceWith(40);
    await user.click(screen.getByText('Sentence number 6.'));
    expect(onSeek).toHaveBeenLastCalledWith(60);
  });

  it('keeps the playing segment in view while the reader follows along', () => {
    const { rerender } = renderSegments(-1);
    const { scrollTo } = layOut();

    rerender(0);
    rerender(1);
    // Rows 0 and 1 are inside the box: nothing to scroll.
    expect(scrollTo).not.toHaveBeenCalled();

    rerender(2);
    // Row 2 (80..120) sticks out of the 100 px box: it is centred, (80 - 0) - (100 - 40) / 2.
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo.mock.calls[0]?.[0]).toMatchObject({ top: 50 });

    rerender(3);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo.mock.calls[1]?.[0]).toMatchObject({ top: 90 });
  });

  it('leaves the box alone once the reader has scrolled the playing segment away', () => {
    const { rerender } = renderSegments(-1);
    const { scrollTo, scrollBy } = layOut();
    rerender(1);
    scrollBy(300);
    rerender(2);
    rerender(5);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(row(5).closest('li')).toHaveAttribute('aria-current', 'true');
  });

  it('brings the first active segment into view (a shared ?t= link)', () => {
    const { rerender } = renderSegments(-1);
    const { scrollTo } = layOut();
    rerender(6);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 210 }));
  });
});

describe('TranscriptSegments highlights', () => {
  // "Sentence number 0. Sentence number 1. …": each segment is 18 characters plus the joining space.
  const at = (segment: number, column: number) => segment * 19 + column;
  const tag = (start: number, end: number, label = 'Plan offered') => ({
    tag_id: 0,
    label,
    index_start: start,
    index_end: end,
    text: segments
      .map((s) => s.text)
      .join(' ')
      .slice(start, end),
    match: 'exact' as const,
    score: 1,
    verdict: null,
  });

  function renderHighlighted(tags: ReturnType<typeof tag>[], onSeek = vi.fn()) {
    render(
      <MantineProvider env="test">
        <TranscriptSegments
          segments={segments}
          activeIndex={-1}
          onSeek={onSeek}
          highlight={{ tags, color: 'violet', botName: 'Plan bot' }}
        />
      </MantineProvider>,
    );
    return onSeek;
  }

  it('marks the exact characters of each span, across segment boundaries', () => {
    // "number 2" in segment 2, and "3. Sentence" from the end of segment 3 into segment 4.
    renderHighlighted([tag(at(2, 9), at(2, 17)), tag(at(3, 16), at(4, 8))]);
    const marks = Array.from(document.querySelectorAll('mark'));
    expect(marks.map((m) => m.textContent)).toEqual(['number 2', '3.', 'Sentence']);
    expect(row(2).closest('li')).toHaveTextContent('Speaker 1: Sentence number 2.');
    // A span split over two rows is one control: only its first piece is a button.
    expect(screen.getAllByRole('button', { name: /^(number 2|3\.|Sentence)$/ })).toHaveLength(2);
    expect(marks[2]).not.toHaveAttribute('role');
    expect(marks[1]).toHaveAttribute('title', 'Plan offered: play from 00:30');
    // violet is an old name of blue: light blue tint, black text.
    expect(marks[0]).toHaveStyle({ color: 'rgb(0, 0, 0)' });
  });

  it('plays from the span when a highlight is clicked or activated with Enter or Space', async () => {
    const onSeek = renderHighlighted([tag(at(3, 16), at(4, 8)), tag(at(6, 0), at(6, 8))]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '3.' }));
    expect(onSeek).toHaveBeenLastCalledWith(30);
    // The continuation in row 4 plays the same span, not row 4's start.
    const continuation = row(4).closest('li')!.querySelector('mark')!;
    expect(continuation).toHaveTextContent('Sentence');
    await user.click(continuation);
    expect(onSeek).toHaveBeenLastCalledWith(30);
    expect(onSeek).not.toHaveBeenCalledWith(40);

    screen.getByRole('button', { name: 'Sentence' }).focus();
    await user.keyboard('{Enter}');
    expect(onSeek).toHaveBeenLastCalledWith(60);
    onSeek.mockClear();
    await user.keyboard(' ');
    expect(onSeek).toHaveBeenCalledExactlyOnceWith(60);
  });
});
