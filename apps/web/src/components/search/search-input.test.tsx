import { SEARCH_DEBOUNCE_MS } from '@fieldbot/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SearchInput } from './search-input';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

const input = () => screen.getByRole('textbox', { name: 'Search customers' });

function setup(value = '') {
  const onSearch = vi.fn();
  const view = renderWithProviders(
    <SearchInput label="Search customers" value={value} onSearch={onSearch} />,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { onSearch, user, ...view };
}

describe('SearchInput', () => {
  it('waits for a 1 s pause in typing and then searches once with the trimmed keyword', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(1000);
    const { onSearch, user } = setup();
    await user.type(input(), ' acme');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    expect(onSearch).not.toHaveBeenCalled();
    // Typing again restarts the wait.
    await user.type(input(), ' co ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('acme co');
  });

  it('does not search when the text comes back to the keyword in force', async () => {
    const { onSearch, user } = setup('acme');
    await user.type(input(), 'x');
    await user.type(input(), '{Backspace}');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches at once on Enter and clears at once with the clear button', async () => {
    const { onSearch, user } = setup('old');
    await user.clear(input());
    await user.type(input(), 'globex{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('globex');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input()).toHaveValue('');
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('shows a keyword that changes from outside (back button)', () => {
    function Harness() {
      const [value, setValue] = useState('first');
      return (
        <>
          <SearchInput label="Search customers" value={value} onSearch={setValue} />
          <button onClick={() => setValue('second')}>history</button>
        </>
      );
    }
    renderWithProviders(<Harness />);
    expect(input()).toHaveValue('first');
    fireEvent.click(screen.getByRole('button', { name: 'history' }));
    expect(input()).toHaveValue('second');
  });
});
