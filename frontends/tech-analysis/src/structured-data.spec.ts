/** @jest-environment node */
import { describePage } from '@pulse/frontend-ui';
import { renderedPage } from '@pulse/frontend-ui/testing/rendered-page';
import { listPath } from './api';
import { describeTechAnalysis } from './structured-data';

const SITE = 'https://pulse.example';

describe('what the tech-analysis list’s document says of it', () => {
  it('is the ItemList of the analyses its first page shows, by slug as its cards link them', () => {
    const page = renderedPage('/tech-analysis', {
      [listPath(1, 'ai_ml')]: {
        firstPageOf: {
          analyses: [
            { slug: 'rag-기초', title: 'RAG 기초' },
            { slug: 'zk', title: '<b>영지식</b> 증명' },
          ],
          pagination: { page: 1, totalPages: 3 },
        },
      },
    });
    const head = { title: '기술 분석', canonical: '/tech-analysis' };
    expect(describePage(head, page, describeTechAnalysis(head, page)).jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            url: `${SITE}/tech-analysis/rag-${encodeURIComponent('기초')}`,
            name: 'RAG 기초',
          },
          { '@type': 'ListItem', position: 2, url: `${SITE}/tech-analysis/zk`, name: '<b>영지식</b> 증명' },
        ],
      },
    ]);
  });
});
