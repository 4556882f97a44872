import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PagedCards, type PagedCardsProps } from './paged-cards';

function renderCards(props: Partial<PagedCardsProps<string>> = {}) {
  return renderWithProviders(
    <PagedCards<string>
      items={['Alpha', 'Beta']}
      count={45}
      countCapped={false}
      page={1}
      onPageChange={vi.fn()}
      error={null}
      onRetry={vi.fn()}
      fetching={false}
      skeleton={<p>Loading cards</p>}
      empty={<p>Nothing here</p>}
      renderItems={(items, busy) => (
        <ul aria-label="Cards" {...busy}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      pagesLabel="Card pages"
      {...props}
    />,
  );
}

describe('PagedCards', () => {
  it('shows the cards and a pager that turns pages', async () => {
    const onPageChange = vi.fn();
    renderCards({ onPageChange });
    expect(screen.getByRole('list', { name: 'Cards' })).toHaveTextContent('AlphaBeta');
    const pager = screen.getByRole('navigation', { name: 'Card pages' });
    await userEvent.click(
      pager.querySelector('button[aria-label="Next page"], button:last-of-type')!,
    );
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('marks the cards busy while the next page loads', () => {
    renderCards({ fetching: true });
    expect(screen.getByRole('list', { name: 'Cards' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the skeleton before the first page, then the empty state', () => {
    const { rerender } = renderCards({ items: undefined });
    expect(screen.getByText('Loading cards')).toBeInTheDocument();
    rerender(
      <PagedCards<string>
        items={[]}
        count={0}
        countCapped={false}
        page={1}
        onPageChange={vi.fn()}
        error={null}
        onRetry={vi.fn()}
        fetching={false}
        skeleton={<p>Loading cards</p>}
        empty={<p>Nothing here</p>}
        renderItems={() => null}
        pagesLabel="Card pages"
      />,
    );
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
  });

  it('shows an error with a retry instead of stale cards', async () => {
    const onRetry = vi.fn();
    renderCards({ error: new Error('offline'), onRetry });
    expect(screen.queryByText('Alpha')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(onRetry).toHaveBeenCalled();
  });
});
