import type { ShareBody, SharePlatform } from '@pulse/contracts';
import { formatCount, sendJson, ShareButtons, toast, type SocialPlatform } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { sharePath } from '../api';
import { COPY } from '../copy';

const PLATFORMS: readonly SocialPlatform[] = ['twitter', 'facebook', 'linkedin'];

interface Props {
  id: string;
  title: string;
  /** The page's address, shared as it is. */
  url: string;
  sharesCount: number;
}

/**
 * Twitter, Facebook, LinkedIn (a 600x400 popup each) and 'copy link' (docs/spec-content.md §2). Each share is
 * recorded (POST /api/articles/{id}/share): the count goes up at once and back down, with a toast, when
 * the server did not take it (docs/design.md §11.8).
 */
export function ShareBar({ id, title, url, sharesCount }: Props) {
  const [count, setCount] = useState(sharesCount);
  useEffect(() => setCount(sharesCount), [id, sharesCount]);

  const record = (platform: SharePlatform) => {
    setCount((n) => n + 1);
    const body: ShareBody = { platform };
    sendJson('POST', sharePath(id), body).catch(() => {
      setCount((n) => Math.max(0, n - 1));
      toast({ title: COPY.detail.shareFailed, variant: 'destructive' });
    });
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      toast({ title: COPY.detail.copyFailed, variant: 'destructive' });
      return;
    }
    toast({ title: COPY.detail.linkCopied });
    record('copy-link');
  };

  return (
    <div className="share-bar">
      <p className="share-bar__label">
        {COPY.detail.share} <span aria-label={`공유 ${formatCount(count)}회`}>{formatCount(count)}</span>
      </p>
      <ShareButtons url={url} title={title} platforms={PLATFORMS} onShare={record} />
      <button type="button" className="share-button share-button--copy" onClick={() => void copyLink()}>
        {COPY.detail.copyLink}
      </button>
    </div>
  );
}
