import type { TechAnalysisLikeResponse } from '@pulse/contracts';
import { sendJson, toast } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { likePath } from '../api';
import { COPY } from '../copy';
import { readSession, writeSession } from './session';

const likedKey = (id: string) => `pulse:tech-analysis-liked:${id}`;

/**
 * docs/spec-content.md §4: a tech analysis is liked once per session; the button then stays filled and disabled and
 * there is no unlike. Optimistic, rolled back with a toast when the server refuses (docs/design.md §11.8).
 */
export function useAnalysisLike(id: string, initialCount: number) {
  // Read after mounting (the effect below): a server-rendered page's first render must be the server's,
  // which knows nothing of this reader's session.
  const [liked, setLiked] = useState(false);
  const [count, setCount] = useState(initialCount);
  const pending = useRef(false);

  useEffect(() => {
    setLiked(readSession(likedKey(id)) !== null);
    setCount(initialCount);
  }, [id, initialCount]);

  const like = useCallback(() => {
    if (liked || pending.current) return;
    pending.current = true;
    setLiked(true);
    setCount((n) => n + 1);
    writeSession(likedKey(id), String(Date.now()));
    sendJson<TechAnalysisLikeResponse>('POST', likePath(id)).then(
      (answer) => {
        pending.current = false;
        if (typeof answer?.likesCount === 'number') setCount(Math.max(0, answer.likesCount));
        toast({ title: COPY.detail.likedToast, description: COPY.detail.likedToastBody });
      },
      () => {
        pending.current = false;
        writeSession(likedKey(id), null);
        setLiked(false);
        setCount((n) => Math.max(0, n - 1));
        toast({
          title: COPY.detail.likeFailed,
          description: COPY.detail.likeFailedBody,
          variant: 'destructive',
        });
      },
    );
  }, [id, liked]);

  return { liked, count, like };
}
