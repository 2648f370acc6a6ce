// In the entry, not the bootstrap chunk, so index.html links the stylesheet in its head: a server-rendered
// page is styled at its first paint, before any script runs (no unstyled flash, no shift).
import './styles/index.css';

// An async boundary before any shared module is used, so module federation can set up sharing first.
import('./bootstrap').catch((error: unknown) =>
  console.error('[펄스] 앱을 시작하지 못했습니다 (번들을 불러오지 못함).', error),
);
