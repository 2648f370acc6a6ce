// In the entry, not the bootstrap chunk, so index.html links the stylesheet in its head: a server-rendered
// page is styled at its first paint, before any script runs (no unstyled flash, no shift).
import './styles/index.css';

// An async boundary before any shared module is used, so module federation can set up sharing first.
const start = () => {
  import('./bootstrap').catch((error: unknown) =>
    console.error('[펄스] 앱을 시작하지 못했습니다 (번들을 불러오지 못함).', error),
  );
};

let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  start();
};

// The app's chunks are asked for once the server's page has had its first frame (a timer set from the
// frame's callback runs after it is painted), so they never hold up or compete with the largest paint; a
// hidden tab has no frames, so there (or once the tab is hidden before its frame) it starts at once. Also a
// task apart from this file's own: resolving the shared modules (version checks) costs as much as setting
// up the federation runtime while this file loads, and together they made one task long enough to block a
// phone's main thread (docs/benchmarks.md 'Front-end page speed').
if (document.visibilityState === 'hidden') setTimeout(startOnce, 0);
else {
  requestAnimationFrame(() => setTimeout(startOnce, 0));
  document.addEventListener('visibilitychange', startOnce, { once: true });
}
