import { sendJson } from '@pulse/frontend-ui';
import { useEffect } from 'react';
import { viewPath } from '../api';
import { readSession, writeSession } from './session';

/**
 * Counts a view once per browser session when the detail opens (docs/spec-content.md §2, §4). Marked before the
 * request so a double effect sends one; unmarked if it fails. The server de-duplicates per reader too.
 */
export function useCountView(id: string | undefined): void {
  useEffect(() => {
    if (!id) return;
    const key = `pulse:tech-analysis-viewed:${id}`;
    if (readSession(key) !== null) return;
    writeSession(key, String(Date.now()));
    sendJson('POST', viewPath(id)).catch(() => writeSession(key, null));
  }, [id]);
}
