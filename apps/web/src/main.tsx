import '@/lib/styles/public-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { watchFavicon } from '@/lib/favicon';

watchFavicon();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);
// As a transition React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of in one long task that blocks input while the page loads.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
