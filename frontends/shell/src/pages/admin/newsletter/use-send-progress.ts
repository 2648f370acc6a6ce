import { useEffect, useState } from 'react';
import { adminErrorText, adminFetch } from '../admin-session';
import type { EditionProgressResponse } from './newsletter-types';

/** How often a send's counts are read while mails are still being queued or sent. */
export const PROGRESS_POLL_MS = 1_500;

/** A send is under way while its enqueue runs or mails wait to be sent (queued, or claimed by a sender). */
export const isSending = (progress: EditionProgressResponse): boolean =>
  progress.edition.enqueue === 'running' || progress.sends.queued + progress.sends.claimed > 0;

/**
 * The progress of one edition's send, read again every PROGRESS_POLL_MS while it is under way, and no more
 * once every mail is sent, bounced, failed or skipped.
 */
export function useSendProgress(
  editionId: string | null,
  first: EditionProgressResponse | null,
): { progress: EditionProgressResponse | null; error: string | null } {
  const [progress, setProgress] = useState<EditionProgressResponse | null>(first);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setProgress(first), [first]);

  const sending = progress ? isSending(progress) : editionId !== null;
  useEffect(() => {
    if (!editionId || !sending) return;
    let live = true;
    const look = async () => {
      try {
        const next = await adminFetch<EditionProgressResponse>(
          `/api/newsletter/admin/editions/${encodeURIComponent(editionId)}`,
        );
        if (!live) return;
        setError(null);
        setProgress(next);
      } catch (failure) {
        if (live) setError(adminErrorText(failure));
      }
    };
    // The send's own answer is the first reading; an edition opened from the list is read at once.
    if (!first) void look();
    const timer = setInterval(() => void look(), PROGRESS_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [editionId, sending, first]);

  return { progress, error };
}
