import { sendJson } from '@pulse/frontend-ui';
import { useEffect } from 'react';
import { viewPath } from '../api';

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
 * request, so a double effect (StrictMode, a quick re-render) sends one request; it is removed again if the
 * request fails, so a later visit counts. The server de-duplicates too, by its cookie.
 */
export function countViewOnce(id: string): void {
  const key = viewedKey(id);
  if (readSession(key) !== null) return;
  writeSession(key, String(Date.now()));
  sendJson('POST', viewPath(id)).catch(() => writeSession(key, null));
}

export function useCountView(id: string | undefined, enabled: boolean): void {
  useEffect(() => {
    if (id && enabled) countViewOnce(id);
  }, [id, enabled]);
}
