import { formatCount } from '../format';
import { Icon } from '../icons/Icon';
import { ARTICLE_PAGE } from './copy';
import { useArticleLike } from './use-article-like';

/**
 * A toggle button named '좋아요 N' from its visible text; aria-pressed says whether the reader likes the article.
 * While a request is under way it stays focusable (aria-busy) and ignores clicks, instead of being disabled
 * and dropping the keyboard focus.
 */
export function LikeButton({ id, likesCount }: { id: string; likesCount: number }) {
  const { liked, count, pending, toggle } = useArticleLike(id, likesCount);
  return (
    <button
      type="button"
      className={liked ? 'like-button like-button--on' : 'like-button'}
      aria-pressed={liked}
      aria-busy={pending}
      onClick={() => void toggle()}
    >
      <Icon name={liked ? 'heart-filled' : 'heart'} /> {ARTICLE_PAGE.like}{' '}
      <span className="like-button__count" data-testid="like-count">
        {formatCount(count)}
      </span>
    </button>
  );
}
