/** @jest-environment node */
import { describePage } from '@pulse/frontend-ui';
import { renderedPage } from '@pulse/frontend-ui/testing/rendered-page';
import { describe as describeTrending } from './server';

const SITE = 'https://pulse.example';

describe('what the trending document says of it', () => {
  it('is the ItemList of the ranking it shows, not of its stats', () => {
    const page = renderedPage('/trending', {
      '/api/trending/stats?period=24h': { articles: [{ id: 'not-a-ranking', title: '통계' }] },
      '/api/trending/popular?period=24h&limit=20': {
        articles: [
          { id: 'a1', title: '1위 기사' },
          { id: 'a2', title: '2위 </script> 기사' },
        ],
      },
    });
    const head = { title: '트렌딩' };
    expect(describePage(head, page, describeTrending(head, page)).jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { '@type': 'ListItem', position: 1, url: `${SITE}/article/a1`, name: '1위 기사' },
          { '@type': 'ListItem', position: 2, url: `${SITE}/article/a2`, name: '2위 </script> 기사' },
        ],
      },
    ]);
    expect(describeTrending(head, renderedPage('/trending', {}))).toBeUndefined();
  });
});
