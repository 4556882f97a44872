import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchFavicon } from '@/lib/favicon';

/** Renders an entry's app into #root: the app's (main.tsx) and the login page's (login-main.tsx). */
export function mount(app: ReactNode): void {
  watchFavicon();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  // As a transition React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, instead of in one long task that blocks input while the page loads.
  startTransition(() => {
    root.render(<StrictMode>{app}</StrictMode>);
  });
}
