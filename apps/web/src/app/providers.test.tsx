// vitest-isolate: the toast container mounts with the first toast of the module's lifetime.

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifySuccess } from '@/lib/notify';
import { createTestQueryClient } from '@/test/render';
import { Providers } from './providers';

describe('Providers', () => {
  it('mounts the toast container with the first toast, which then shows', async () => {
    render(
      <Providers queryClient={createTestQueryClient()} env="test">
        <p>Page</p>
      </Providers>,
    );
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => notifySuccess('Saved.'));

    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
