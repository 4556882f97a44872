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
    expect(row(0)).toHaveTextContent('[00:00]Speaker 1: Sentence number 0.');
    expect(row(7)).toHaveTextContent('[01:10]Speaker 2: Sentence number 7.');
    expect(row(1)).toHaveAttribute('aria-current', 'true');
    expect(
      screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('seeks to the start of a clicked segment', async () => {
    const { onSeek } = renderSegments(-1);
    await userEvent.setup().click(row(4));
    expect(onSeek).toHaveBeenCalledWith(40);
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
    expect(row(5)).toHaveAttribute('aria-current', 'true');
  });

  it('brings the first active segment into view (a shared ?t= link)', () => {
    const { rerender } = renderSegments(-1);
    const { scrollTo } = layOut();
    rerender(6);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 210 }));
  });
});
