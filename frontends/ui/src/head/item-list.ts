import { findAnswer, type PageExtras, type RenderedPageData } from './describe-page';
import { shortDescription } from './page-head';

// A list page's schema.org ItemList, from the answer its render already read (no read of its own). Server
// bundles only, like describe-page.ts: no page's JavaScript budget pays for it.

/** One entry of a list page: the site's path it links to, and its title. */
export interface ListedItem {
  path: string;
  name?: string;
}

/** Google shows at most 110 characters of a title; the list's names are cut as the article's headline. */
const NAME_LENGTH = 110;

/**
 * schema.org ItemList of `items` in the order shown, positions from 1, each URL absolute on the site;
 * undefined for an empty list (a list of nothing describes nothing). Names are the items' own text, feeds'
 * and models' included: the document escapes them where it writes the block (`</script>` stays text).
 */
export function itemListOf(items: readonly ListedItem[], siteUrl: string): object | undefined {
  if (items.length === 0) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: `${siteUrl}${item.path}`,
      ...(item.name ? { name: shortDescription(item.name, NAME_LENGTH) } : {}),
    })),
  };
}

/**
 * The structured data of a list page: its first page as the render read it, the first answer whose API
 * path `read` accepts (an infinite list's answer is its first page, in TanStack's paged shape), its items
 * taken by `itemsOf` and linked by `link` as the page's cards link them.
 */
export function describeList<Answer, Item>(
  page: RenderedPageData,
  read: (path: string) => boolean,
  itemsOf: (answer: Answer) => readonly Item[] | undefined,
  link: (item: Item) => ListedItem,
): PageExtras | undefined {
  const answer = findAnswer<unknown>(page.client, read);
  if (answer === undefined) return undefined;
  const first = (isPaged(answer) ? answer.pages[0] : answer) as Answer | undefined;
  const list = first === undefined ? undefined : itemListOf((itemsOf(first) ?? []).map(link), page.siteUrl);
  return list && { jsonLd: [list] };
}

const isPaged = (answer: unknown): answer is { pages: unknown[]; pageParams: unknown[] } =>
  typeof answer === 'object' &&
  answer !== null &&
  Array.isArray((answer as { pages?: unknown }).pages) &&
  Array.isArray((answer as { pageParams?: unknown }).pageParams);

/** The path of an item on the site: `prefix` and its id or slug, %-escaped as the cards' links are. */
export const itemPath = (prefix: string, id: string): string => `${prefix}/${encodeURIComponent(id)}`;
