import { customerListQuerySchema, interactionListQuerySchema } from '@fieldbot/shared';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseListQuery, useListQuery } from './use-list-query';

describe('parseListQuery', () => {
  it('gives the schema defaults for an empty query string', () => {
    expect(parseListQuery(interactionListQuerySchema, new URLSearchParams())).toEqual({
      page: 1,
      keyword: undefined,
      type: undefined,
      sort_by: 'created_at',
      sort_direction: 'desc',
    });
  });

  it('reads every valid field and drops only the bad ones to their defaults', () => {
    const params = new URLSearchParams(
      'page=abc&keyword=%20smith%20&type=Commercial&status=nope&sort_by=jobs_count&sort_direction=up',
    );
    expect(parseListQuery(customerListQuerySchema, params)).toEqual({
      page: 1,
      keyword: 'smith',
      type: 'Commercial',
      status: undefined,
      sort_by: 'jobs_count',
      sort_direction: 'asc',
    });
  });
});

function Probe() {
  const [query, setQuery] = useListQuery(interactionListQuerySchema);
  return (
    <>
      <output data-testid="query">{JSON.stringify(query)}</output>
      <button onClick={() => setQuery({ page: 3 })}>page 3</button>
      <button onClick={() => setQuery({ page: 1 })}>page 1</button>
      <button onClick={() => setQuery({ type: 'csr-call' })}>csr</button>
      <button onClick={() => setQuery({ keyword: '' })}>no keyword</button>
    </>
  );
}

function renderProbe(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
    initialEntries: [url],
  });
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('useListQuery', () => {
  it('writes changes to the URL as new history entries; other changes go back to page 1', async () => {
    const router = renderProbe('/list?keyword=ac&other=kept');
    await act(() => screen.getByText('page 3').click());
    expect(router.state.location.search).toBe('?keyword=ac&other=kept&page=3');
    expect(JSON.parse(screen.getByTestId('query').textContent!)).toMatchObject({ page: 3 });

    await act(() => screen.getByText('csr').click());
    expect(router.state.location.search).toBe('?keyword=ac&other=kept&type=csr-call');

    await act(() => screen.getByText('no keyword').click());
    expect(router.state.location.search).toBe('?other=kept&type=csr-call');

    // Back restores each earlier state.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?keyword=ac&other=kept&type=csr-call');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?keyword=ac&other=kept&page=3');
    expect(JSON.parse(screen.getByTestId('query').textContent!)).toMatchObject({
      page: 3,
      keyword: 'ac',
    });
  });

  it('leaves page 1 out of the URL', async () => {
    const router = renderProbe('/list?page=4');
    await act(() => screen.getByText('page 1').click());
    expect(router.state.location.search).toBe('');
  });

  it('drops a change from a page the user has already left (a late debounced search)', async () => {
    const captured: { setter?: (patch: { keyword: string }) => void } = {};
    function List() {
      const [, setQuery] = useListQuery(interactionListQuerySchema);
      useEffect(() => {
        captured.setter = setQuery;
      }, [setQuery]);
      return <p>list</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/list', element: <List /> },
        { path: '/list/:id', element: <p>detail</p> },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/list/42'));
    // The list page's setter, called after the user followed a link, as its debounce would be.
    await act(async () => captured.setter!({ keyword: 'late' }));
    expect(router.state.location.pathname).toBe('/list/42');
    expect(router.state.location.search).toBe('');
  });
});
