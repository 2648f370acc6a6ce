/** @jest-environment node */
import { describePage } from '@pulse/frontend-ui';
import { renderedPage } from '@pulse/frontend-ui/testing/rendered-page';
import { describe as describeNews } from './server';
import { PAGE_HEADS } from './page-heads';

const SITE = 'https://pulse.example';
const articles = [
  { id: 'n1', title: '첫 뉴스' },
  { id: 'n/2', title: '</script><script>alert(1)</script>' },
];
const itemList = (section: string) => [
  {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: 2,
    itemListElement: [
      { '@type': 'ListItem', position: 1, url: `${SITE}/${section}/n1`, name: '첫 뉴스' },
      {
        '@type': 'ListItem',
        position: 2,
        url: `${SITE}/${section}/n%2F2`,
        name: '</script><script>alert(1)</script>',
      },
    ],
  },
];

describe('what the news remote’s list documents say of them', () => {
  it('is the ItemList of the first page each list read, linked inside its section', () => {
    for (const [section, path] of [
      ['news', '/api/content/news?limit=12&offset=0&hot=true'],
      ['insights', '/api/content/insights?limit=12&offset=0'],
    ] as const) {
      const page = renderedPage(`/${section}`, {
        [path]: { firstPageOf: { articles, pagination: { hasMore: true } } },
      });
      const head = PAGE_HEADS[section];
      expect(describePage(head, page, describeNews(head, page)).jsonLd).toEqual(itemList(section));
    }
  });

  it('claims nothing for a list it could not read, nor for a path that is no list', () => {
    expect(describeNews(PAGE_HEADS.news, renderedPage('/news', {}))).toBeUndefined();
    const analysis = renderedPage('/analysis', { '/api/content/news?limit=12&offset=0': { articles } });
    expect(describeNews({ title: '' }, analysis)).toBeUndefined();
  });
});
