import type { CSSProperties } from 'react';

/** A grey block holding the place (and the size, against layout shift) of content still loading. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <div className={className ? `skeleton ${className}` : 'skeleton'} style={style} aria-hidden="true" />
  );
}

/** The exact frame of an ArticleCard, so cards replacing it do not move the page. */
export function ArticleCardSkeleton() {
  return (
    <div className="article-card article-card--skeleton" aria-hidden="true">
      <div className="article-card__media skeleton" />
      <div className="article-card__body">
        <div className="skeleton skeleton--line skeleton--short" />
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
      </div>
    </div>
  );
}
