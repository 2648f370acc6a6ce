/** @jest-environment node */
import { renderedPage } from '../../testing/rendered-page';
import { describePage } from './describe-page';
import { describeList, itemListOf, itemPath } from './item-list';

const SITE = 'https://pulse.example';
type Listed = { articles: Array<{ id: string; title: string }> };

describe('itemListOf', () => {
  it('lists the items in order from position 1, each URL absolute on the site', () => {
    expect(
      itemListOf([{ path: '/article/a1', name: '첫 기사' }, { path: itemPath('/article', 'b 2/3') }], SITE),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: `${SITE}/article/a1`, name: '첫 기사' },
        // The path escaped as the cards' links are; no name where the list has none.
        { '@type': 'ListItem', position: 2, url: `${SITE}/article/b%202%2F3` },
      ],
    });
  });

  it('cuts a long name and describes nothing for an empty list', () => {
    const list = itemListOf([{ path: '/a', name: '가'.repeat(200) }], SITE) as {
      itemListElement: Array<{ name: string }>;
    };
    expect(list.itemListElement[0]!.name.length).toBeLessThanOrEqual(110);
    expect(itemListOf([], SITE)).toBeUndefined();
  });

  it('keeps a hostile title as text: the document escapes it where it writes the block', () => {
    const hostile = '</script><script>alert(1)</script>';
    const list = itemListOf([{ path: '/a', name: hostile }], SITE) as {
      itemListElement: Array<{ name: string }>;
    };
    expect(list.itemListElement[0]!.name).toBe(hostile);
  });
});

describe('describeList', () => {
  const link = (article: { id: string; title: string }) => ({
    path: itemPath('/news', article.id),
    name: article.title,
  });
  const articles = [
    { id: 'n1', title: '하나' },
    { id: 'n2', title: '둘' },
  ];

  it('takes the first answer whose path it reads, an infinite list’s first page included', () => {
    for (const answer of [{ articles }, { firstPageOf: { articles } }]) {
      const page = renderedPage('/news', { '/api/other': { articles: [] }, '/api/content/news?o=0': answer });
      const extras = describeList<Listed, Listed['articles'][number]>(
        page,
        (read) => read.startsWith('/api/content/news?'),
        (listed) => listed.articles,
        link,
      );
      expect(extras?.jsonLd).toEqual([
        expect.objectContaining({
          '@type': 'ItemList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, url: `${SITE}/news/n1`, name: '하나' },
            { '@type': 'ListItem', position: 2, url: `${SITE}/news/n2`, name: '둘' },
          ],
        }),
      ]);
    }
  });

  it('adds nothing when the list was not read or is empty, and a page of nothing drops it', () => {
    const read = (path: string) => path.startsWith('/api/content/news?');
    const empty = renderedPage('/news', { '/api/content/news?o=0': { articles: [] } });
    expect(
      describeList<Listed, never>(empty, read, (listed) => listed.articles as never[], link),
    ).toBeUndefined();
    const unread = renderedPage('/news', {});
    expect(
      describeList<Listed, never>(unread, read, (listed) => listed.articles as never[], link),
    ).toBeUndefined();
    const page = renderedPage('/news', { '/api/content/news?o=0': { articles } });
    const extras = describeList<Listed, Listed['articles'][number]>(page, read, (l) => l.articles, link);
    expect(describePage({ title: '뉴스' }, page, extras).jsonLd).toHaveLength(1);
    expect(describePage({ title: '없음', status: 410 }, page, extras).jsonLd).toEqual([]);
  });
});
