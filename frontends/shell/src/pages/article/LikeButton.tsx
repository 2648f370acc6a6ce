import { formatCount } from '@pulse/frontend-ui';
import { ARTICLE } from '../../copy';
import { useArticleLike } from './use-like';

export function LikeButton({ articleId, likesCount }: { articleId: string; likesCount: number }) {
  const { liked, count, pending, toggle } = useArticleLike(articleId, likesCount);
  return (
    <button
      type="button"
      className={liked ? 'like-button like-button--on' : 'like-button'}
      aria-pressed={liked}
      aria-label={`${ARTICLE.like} ${formatCount(count)}`}
      disabled={pending}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {formatCount(count)}
    </button>
  );
}
