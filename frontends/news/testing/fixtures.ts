import type { Article, ArticleListItem } from '@pulse/contracts';
import { makeListItem } from '@pulse/frontend-ui/testing/article-page';

// One article fixture for every front end's specs, beside the shared article page's own.
export { makeArticle, makeListItem } from '@pulse/frontend-ui/testing/article-page';

/** `count` list items with ids `${prefix}1`…, e.g. a page of the news list. */
export const listItems = (
  prefix: string,
  count: number,
  overrides: Partial<Article> = {},
): ArticleListItem[] =>
  Array.from({ length: count }, (_, i) => makeListItem({ id: `${prefix}${i + 1}`, ...overrides }));
