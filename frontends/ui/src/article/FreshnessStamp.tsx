import type { ArticleFreshness } from '@pulse/contracts';
import { ARTICLE_PAGE } from './copy';
import { delayToKorean, formatDelay } from './freshness';

/**
 * '원문 공개 후 N분 만에 한국어로': how long the story took from its source to readers in Korean. Nothing when a time
 * is missing (authored articles, English 'pending' ones, older records). Plain text, so a screen reader reads the
 * sentence as it is shown; the duration is also machine-readable (<time dateTime="PT25M">).
 */
export function FreshnessStamp({ freshness }: { freshness: ArticleFreshness | undefined }) {
  const delay = delayToKorean(freshness);
  if (delay === null) return null;
  const { text, iso } = formatDelay(delay);
  const [before, after] = ARTICLE_PAGE.freshness;
  return (
    <span className="article__freshness" data-testid="freshness-stamp">
      {before}
      <time dateTime={iso}>{text}</time>
      {after}
    </span>
  );
}
