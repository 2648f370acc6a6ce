import 'reflect-metadata';
import { parseHTML } from 'linkedom';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../../testing/test-gateway';

const SITE = 'https://pulse.example';
const at = '2026-03-01T09:00:00.000Z';
const user = (displayName: string) => ({ id: 'u1', username: displayName, displayName, createdAt: at });

const question = {
  id: 'q_abc',
  title: '가스비를 줄이는 <script>alert(1)</script> 방법',
  content: `## 상황\n\n이더리움 가스비가 너무 비쌉니다. ${'길게 설명합니다. '.repeat(20)}\n\n- 첫째\n- 둘째\n\n\`\`\`js\nconst a = '<b>';\n\`\`\``,
  user: user('행복한개발자42'),
  anonymousSessionId: 'anon_x',
  category: 'blockchain',
  tags: ['가스비', { name: 'DeFi' }],
  viewCount: 3,
  upvotes: 2,
  answerCount: 2,
  isAnswered: true,
  acceptedAnswerId: 'a_2',
  createdAt: at,
  updatedAt: at,
};
const answers = [
  {
    id: 'a_2',
    questionId: 'q_abc',
    content: 'L2 롤업을 쓰세요 <img src=x onerror=alert(1)>',
    user: user('친절한엔지니어'),
    upvotes: 1,
    downvotes: 0,
    isAccepted: true,
    createdAt: at,
    updatedAt: at,
  },
  {
    id: 'a_1',
    questionId: 'q_abc',
    content: '배치로 보내세요.',
    user: null,
    upvotes: 0,
    downvotes: 0,
    isAccepted: false,
    createdAt: at,
    updatedAt: at,
  },
];

describe('question pages (/community/questions/{id}) without JavaScript', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    const community = new FakeUpstream('community', ['/api/community'], (request) => {
      if (request.url === '/api/community/questions/q_abc')
        return jsonResponse(200, { success: true, data: question });
      if (request.url.startsWith('/api/community/questions/q_abc/answers'))
        return jsonResponse(200, { success: true, data: answers });
      if (request.url === '/api/community/questions/q_down') throw new Error('connect ECONNREFUSED');
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: '질문을 찾을 수 없습니다.' });
    });
    gateway = await startTestGateway({ upstreams: [community], env: { PUBLIC_SITE_URL: SITE } });
  });
  afterAll(() => gateway.close());

  const get = async (path: string) => {
    const response = await fetch(`${gateway.base}${path}`);
    const html = await response.text();
    return { status: response.status, html, document: parseHTML(html).document };
  };

  it("renders the head with ' - Q&A', a 160-character description, the canonical URL and QAPage data", async () => {
    const page = await get('/community/questions/q_abc');
    expect(page.status).toBe(200);
    expect(page.document.title).toBe('가스비를 줄이는 <script>alert(1)</script> 방법 - Q&A | 펄스');
    const description = page.document.querySelector('meta[name="description"]')!.getAttribute('content')!;
    expect(description.startsWith('상황 이더리움 가스비가 너무 비쌉니다.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(page.document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      `${SITE}/community/questions/q_abc`,
    );
    const data = Array.from(page.document.querySelectorAll('script[type="application/ld+json"]')).map((s) =>
      JSON.parse(s.textContent ?? ''),
    );
    const qa = data.find((entry) => entry['@type'] === 'QAPage');
    expect(qa.mainEntity).toMatchObject({ '@type': 'Question', answerCount: 2, upvoteCount: 2 });
    expect(qa.mainEntity.acceptedAnswer.url).toBe(`${SITE}/community/questions/q_abc#answer-a_2`);
    expect(qa.mainEntity.suggestedAnswer).toHaveLength(1);
  });

  it('puts the question and its answers in the page, escaped, accepted first', async () => {
    const { html, document } = await get('/community/questions/q_abc');
    expect(document.querySelector('h1')!.textContent).toBe(question.title);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(document.querySelector('h2')!.textContent).toBe('상황');
    expect(Array.from(document.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['첫째', '둘째']);
    expect(document.querySelector('pre code')!.textContent).toBe("const a = '<b>';\n");
    const shown = Array.from(document.querySelectorAll('article article')).map((a) => a.getAttribute('id'));
    expect(shown).toEqual(['answer-a_2', 'answer-a_1']);
    expect(html).toContain('채택된 답변');
    expect(html).toContain('Anonymous User');
  });

  it("answers a missing question with 404 and the seed's not-found text and a link back", async () => {
    const page = await get('/community/questions/q_gone');
    expect(page.status).toBe(404);
    expect(page.html).toContain('질문을 찾을 수 없습니다');
    expect(page.html).toContain('존재하지 않거나 삭제된 질문입니다.');
    expect(page.document.querySelector('a[href="/community/qa"]')).not.toBeNull();
    expect((await get('/community/questions/bad%20id!')).status).toBe(404);
  });

  it('answers 503 with Retry-After when the community service is down', async () => {
    const page = await get('/community/questions/q_down');
    expect(page.status).toBe(503);
    expect(page.html).toContain('일시적으로 이 페이지를 불러올 수 없습니다.');
  });
});
