// An async boundary before any shared module is used, so module federation can set up sharing first.
import('./bootstrap').catch((error: unknown) =>
  console.error('[펄스] 앱을 시작하지 못했습니다 (번들을 불러오지 못함).', error),
);
