import { sendViewOncePerSession } from '@pulse/frontend-ui';
import { useEffect } from 'react';
import { viewPath } from '../api';

/**
 * Counts a view once per browser session when the detail opens (docs/spec-content.md §2, §4), as an article's
 * is counted (frontends/ui view-count.ts). The server de-duplicates per reader too.
 */
export function useCountView(id: string | undefined): void {
  useEffect(() => {
    if (id) void sendViewOncePerSession(`pulse:tech-analysis-viewed:${id}`, viewPath(id));
  }, [id]);
}
