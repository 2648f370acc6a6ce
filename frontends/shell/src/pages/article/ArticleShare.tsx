import type { ShareBody, ShareResponse } from '@pulse/contracts';
import { formatCount, sendJson, ShareButtons, toast, type SocialPlatform } from '@pulse/frontend-ui';
import { useState } from 'react';
import { ARTICLE } from '../../copy';

/** docs/spec-content.md §2: the article page shares to Facebook, Twitter and Telegram. */
export const ARTICLE_SHARE_PLATFORMS: readonly SocialPlatform[] = ['facebook', 'twitter', 'telegram'];

/**
 * Share buttons and the share count. The popup opens at once; the count goes up optimistically and is
 * rolled back with a toast if recording the share fails (docs/design.md §11.8).
 */
export function ArticleShare({
  articleId,
  title,
  sharesCount,
}: {
  articleId: string;
  title: string;
  sharesCount: number;
}) {
  const [count, setCount] = useState(sharesCount);
  const url = `${window.location.origin}/article/${encodeURIComponent(articleId)}`;

  const record = async (platform: SocialPlatform) => {
    setCount((n) => n + 1);
    const body: ShareBody = { platform };
    try {
      const result = await sendJson<ShareResponse>(
        'POST',
        `/api/articles/${encodeURIComponent(articleId)}/share`,
        body,
      );
      if (typeof result?.sharesCount === 'number') setCount(result.sharesCount);
    } catch (error) {
      setCount((n) => Math.max(0, n - 1));
      toast({ title: ARTICLE.shareFailed, description: ARTICLE.tryAgainLater, variant: 'destructive' });
      console.warn('[펄스] 공유 기록이 실패했습니다.', error);
    }
  };

  return (
    <div className="article-share">
      <ShareButtons
        url={url}
        title={title}
        platforms={ARTICLE_SHARE_PLATFORMS}
        onShare={(p) => void record(p)}
      />
      <span className="article-share__count" aria-label={ARTICLE.shares(formatCount(count))}>
        <span aria-hidden="true">↗ {formatCount(count)}</span>
      </span>
    </div>
  );
}
