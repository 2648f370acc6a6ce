import { sendJson } from '@pulse/frontend-ui';

const VIEWED_KEY_PREFIX = 'pulse:viewed:';

/**
 * Counts a view once per article per browser session (docs/spec-content.md §4). The mark is set before the call, so a
 * second mount (React StrictMode, going back) never sends again; the server de-duplicates as well.
 */
export function countViewOnce(articleId: string, storage: Storage | undefined = safeSessionStorage()): void {
  const key = VIEWED_KEY_PREFIX + articleId;
  try {
    if (storage?.getItem(key)) return;
    storage?.setItem(key, '1');
  } catch {
    // Storage can be full or blocked (private mode); the server's de-duplication still holds.
  }
  sendJson('POST', `/api/articles/${encodeURIComponent(articleId)}/view`).catch((error: unknown) =>
    // A lost view is not the reader's concern: logged, nothing shown.
    console.warn('[펄스] 조회수를 기록하지 못했습니다.', error),
  );
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
