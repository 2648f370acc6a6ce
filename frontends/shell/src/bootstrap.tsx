import { queryClient, seedQueryClient } from '@pulse/frontend-ui';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, preloadPage } from './App';
import { loadRemoteLocations } from './config/env-config';
import { setupFederation } from './federation/federation';

/**
 * Lets the browser run what waits (input, a frame) before the next step of starting: each step is a task of
 * its own, none long enough to block a phone's main thread (docs/benchmarks.md 'Front-end page speed').
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  // Remotes are registered before the first render so a deep link (/news/123) can load its remote at once.
  setupFederation(await loadRemoteLocations());
  await yieldToBrowser();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // A server-rendered page (src/server) carries the answers it was rendered with: the first render reads
  // them and attaches to the server's markup instead of replacing it. Other documents hold <noscript> text.
  // Its page's chunk is loaded first, so the whole page hydrates at once (preloadable-page.tsx). A remote's
  // page whose remote cannot be loaded here renders afresh instead, with the remote's fallback: hydrating
  // the fallback onto the server's page would be a mismatch.
  if (seedQueryClient(queryClient)) {
    await yieldToBrowser();
    // A chunk that fails to load here is asked for again by the render, which shows the failure.
    const hydratable = await preloadPage(window.location.pathname).catch(() => true);
    await yieldToBrowser();
    // As a transition, hydration yields to the browser every few milliseconds instead of running as one
    // long task: the page is already visible and readable, so a reader's tap or scroll comes first (this
    // long task was most of the pages' total blocking time; docs/benchmarks.md 'Front-end page speed').
    if (hydratable)
      startTransition(() => {
        hydrateRoot(container, app);
      });
    else createRoot(container).render(app);
  } else createRoot(container).render(app);
}

void start();
