import { sendJson } from '../api';
import { viewPath } from './paths';

const viewedKey = (id: string) => `pulse:viewed:${id}`;

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    // Storage can be disabled (private modes, blocked cookies); the server still de-duplicates.
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // See readSession.
  }
}

/**
 * Counts a view of the article once per browser session (docs/spec-content.md §4 'View'). The mark is set before the
 * request, so a double effect (StrictMode, going back) sends one request; it is removed again if the request
 * fails, so a later visit counts. The server de-duplicates too, by its cookie. A lost view is not the reader's
 * concern: logged, nothing shown.
 */
export function countViewOnce(id: string): void {
  const key = viewedKey(id);
  if (readSession(key) !== null) return;
  writeSession(key, String(Date.now()));
  sendJson('POST', viewPath(id)).catch((error: unknown) => {
    writeSession(key, null);
    console.warn('[펄스] 조회수를 기록하지 못했습니다.', error);
  });
}
