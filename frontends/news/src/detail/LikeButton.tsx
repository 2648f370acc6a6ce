import { formatCount } from '@pulse/frontend-ui';
import { COPY } from '../copy';
import { useArticleLike } from './use-article-like';

export function LikeButton({ id, likesCount }: { id: string; likesCount: number }) {
  const { liked, count, pending, toggle } = useArticleLike(id, likesCount);
  return (
    <button
      type="button"
      className={liked ? 'like-button like-button--liked' : 'like-button'}
      aria-pressed={liked}
      aria-busy={pending}
      aria-label={`${liked ? COPY.detail.unlike : COPY.detail.like} (${formatCount(count)})`}
      onClick={toggle}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {COPY.detail.like}{' '}
      <span data-testid="like-count">{formatCount(count)}</span>
    </button>
  );
}
