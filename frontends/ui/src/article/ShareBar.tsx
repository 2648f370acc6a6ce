import type { ShareBody, SharePlatform, ShareResponse } from '@pulse/contracts';
import { useEffect, useState } from 'react';
import { sendJson } from '../api';
import { formatCount } from '../format';
import { Icon } from '../icons/Icon';
import { ShareButtons, type SocialPlatform } from '../ShareButtons';
import { toast } from '../toast';
import { ARTICLE_PAGE } from './copy';
import { sharePath } from './paths';

interface Props {
  id: string;
  title: string;
  /** The page's address, shared as it is. */
  url: string;
  sharesCount: number;
  /** docs/spec-content.md §2: Facebook, Twitter, Telegram on /article; Twitter, Facebook, LinkedIn on content detail. */
  platforms: readonly SocialPlatform[];
  /** docs/spec-content.md §2: content detail also offers 'copy link'. */
  copyLink?: boolean;
}

/**
 * Share buttons (a 600x400 popup each, docs/spec-content.md §4) and the share count. Each share is recorded
 * (POST /api/articles/{id}/share): the count goes up at once and back down, with a toast, when the server did not
 * take it (docs/design.md §11.8).
 */
export function ShareBar({ id, title, url, sharesCount, platforms, copyLink = false }: Props) {
  const [count, setCount] = useState(sharesCount);
  useEffect(() => setCount(sharesCount), [id, sharesCount]);

  const record = async (platform: SharePlatform) => {
    setCount((n) => n + 1);
    const body: ShareBody = { platform };
    try {
      const answer = await sendJson<ShareResponse>('POST', sharePath(id), body);
      if (typeof answer?.sharesCount === 'number') setCount(answer.sharesCount);
    } catch (error) {
      setCount((n) => Math.max(0, n - 1));
      toast({
        title: ARTICLE_PAGE.shareFailed,
        description: ARTICLE_PAGE.tryAgainLater,
        variant: 'destructive',
      });
      console.warn('[펄스] 공유 기록이 실패했습니다.', error);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      toast({ title: ARTICLE_PAGE.copyFailed, variant: 'destructive' });
      return;
    }
    toast({ title: ARTICLE_PAGE.linkCopied });
    await record('copy-link');
  };

  return (
    <div className="article-share">
      <ShareButtons url={url} title={title} platforms={platforms} onShare={(p) => void record(p)} />
      {copyLink && (
        <button type="button" className="share-button share-button--copy" onClick={() => void copy()}>
          {ARTICLE_PAGE.copyLink}
        </button>
      )}
      {/* role="img": a plain span may not carry a name (aria-prohibited-attr), a count with an icon may. */}
      <span className="article-share__count" role="img" aria-label={ARTICLE_PAGE.shares(formatCount(count))}>
        <span aria-hidden="true">
          <Icon name="share" /> {formatCount(count)}
        </span>
      </span>
    </div>
  );
}
