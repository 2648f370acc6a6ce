import { sendJson } from '../api';
import { viewPath } from './paths';

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
 * Whether the reader is leaving the page (pagehide; a page restored from the back-forward cache is back).
 * Leaving cancels the page's requests, which then fail: a view sent just before is no failure to undo.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

/**
 * POSTs `path` (a view) once per browser session, remembered under `key` in sessionStorage (docs/spec-content.md
 * §4 'View'). The mark is set before the request, so a double effect (StrictMode, going back) sends one
 * request; it is removed again if the request fails, so a later visit counts, but not when the failure is the
 * reader leaving the page, which cancels it: a server-rendered article is read, and left, before its scripts
 * have run, and that visit was counted once already (keepalive lets the request outlive the page). The server
 * de-duplicates too, by its cookie. A lost view is not the reader's concern: logged, nothing shown. Resolves
 * once the request is done with (callers need not wait).
 */
export function sendViewOncePerSession(key: string, path: string): Promise<void> {
  if (readSession(key) !== null) return Promise.resolve();
  writeSession(key, String(Date.now()));
  return sendJson('POST', path, undefined, { keepalive: true }).then(undefined, (error: unknown) => {
    if (leaving) return;
    writeSession(key, null);
    console.warn('[펄스] 조회수를 기록하지 못했습니다.', error);
  });
}

/** Counts a view of the article once per browser session. */
export function countViewOnce(id: string): void {
  void sendViewOncePerSession(`pulse:viewed:${id}`, viewPath(id));
}
