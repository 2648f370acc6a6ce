/** @jest-environment node */
import { createServerQueryClient, describePage, type PageHead } from '@pulse/frontend-ui';
import { answersPath, questionPath } from './api';
import { questionHead } from './page-heads';
import { describe as describeQa } from './server';
import { renderedPage } from '@pulse/frontend-ui/testing/rendered-page';
import { listPage, question } from '../testing/fixtures';

const SITE = 'https://pulse.example';

describe('what a question’s document says of it', () => {
  it('is a QAPage of the question and answers the render read, the accepted one apart', () => {
    const shown = question('q1', { title: '토큰이란?', content: '## 질문\n- 토큰이 무엇인가요?' });
    const client = createServerQueryClient();
    const answers = [
      {
        id: 'a1',
        content: '채택된 답',
        user: null,
        upvotes: 3,
        isAccepted: true,
        createdAt: '2026-01-02T00:00:00Z',
      },
      {
        id: 'a2',
        content: '다른 답',
        user: { displayName: '독자' },
        upvotes: 1,
        isAccepted: false,
        createdAt: '2026-01-03T00:00:00Z',
      },
    ];
    // As the render's reads leave them: answered queries that name the path they read.
    const read = (key: string, path: string, data: unknown) => {
      client.getQueryCache().build(client, { queryKey: [key], meta: { path } });
      client.setQueryData([key], data);
    };
    read('q', questionPath('q1'), { data: shown });
    read('a', answersPath('q1', 'popular'), { data: answers });
    const head: PageHead = questionHead(shown);
    const page = { pathname: '/community/questions/q1', siteUrl: SITE, client };
    const description = describePage(head, page, describeQa(head, page));
    expect(description).toMatchObject({
      status: 200,
      title: '토큰이란? - Q&A | 펄스',
      canonical: `${SITE}/community/questions/q1`,
      ogType: 'article',
    });
    const [qaPage] = description.jsonLd as Array<{ '@type': string; mainEntity: Record<string, unknown> }>;
    expect(qaPage!['@type']).toBe('QAPage');
    expect(qaPage!.mainEntity).toMatchObject({
      name: '토큰이란?',
      text: '질문 토큰이 무엇인가요?',
      answerCount: 2,
      acceptedAnswer: { text: '채택된 답', url: `${SITE}/community/questions/q1#answer-a1` },
      suggestedAnswer: [{ text: '다른 답', author: { name: '독자' } }],
    });
    // The ask form and a missing question add nothing of their own.
    expect(describeQa({ title: '질문하기' }, { ...page, pathname: '/community/qa/ask' })).toBeUndefined();
    expect(describeQa({ title: '질문을 찾을 수 없습니다', status: 404 }, page)).toBeUndefined();
    expect(describeQa({ title: '삭제된 질문입니다', status: 410 }, page)).toBeUndefined();
  });
});

describe('what the question list’s document says of it', () => {
  it('is the ItemList of the questions its first page shows, linked as its cards are', () => {
    const hostile = question('q 2', { title: '</script><script>alert(1)</script>' });
    const page = renderedPage('/community/qa', {
      '/api/community/questions?page=1&sort=latest&category=all': {
        firstPageOf: listPage([question('q1'), hostile], false).body,
      },
    });
    const head: PageHead = { title: 'Q&A 커뮤니티', canonical: '/community/qa' };
    expect(describePage(head, page, describeQa(head, page)).jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            url: `${SITE}/community/questions/q1`,
            name: '질문 제목 q1 입니다',
          },
          {
            '@type': 'ListItem',
            position: 2,
            url: `${SITE}/community/questions/q%202`,
            name: '</script><script>alert(1)</script>',
          },
        ],
      },
    ]);
    // Not read (a failed read): nothing is claimed.
    expect(describeQa(head, renderedPage('/community/qa', {}))).toBeUndefined();
  });
});
