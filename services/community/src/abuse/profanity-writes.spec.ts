import { PROFANE_POST } from './write-limits';
import { questionBody, startCommunityTestApp, type CommunityTestApp } from '../../testing/community-test-app';

describe('profanity on writes: refused, masked, or kept as written', () => {
  let app: CommunityTestApp;
  beforeAll(async () => {
    app = await startCommunityTestApp();
  });
  afterAll(() => app.close());

  it('keeps an ordinary sentence with a year after a listed syllable as written', async () => {
    const author = await app.signUp('연도쓰는사람');
    const content = '이 기술의 시발점은 2017년 논문입니다. 미친 듯이 좋은 논문이라 꼭 읽어 보세요.';
    const created = await app.request('POST', '/api/community/questions', {
      body: questionBody({ content }),
      headers: author.bearer,
    });
    expect(created.status).toBe(201);
    const shown = await app.get(`/api/community/questions/${created.body.data.id}`);
    expect(shown.body.data.content).toBe(content);
  });

  it('stores a borderline word masked, and refuses a plain one with a 400 naming the field', async () => {
    const author = await app.signUp('경계답변자');
    const question = await app.request('POST', '/api/community/questions', {
      body: questionBody(),
      headers: author.bearer,
    });
    const id = question.body.data.id as string;
    const masked = await app.request('POST', `/api/community/questions/${id}/answers`, {
      body: { content: '이 코드 짠 사람 개새 끼 아닌가요? 테스트가 하나도 없네요.' },
      headers: author.bearer,
    });
    expect(masked.status).toBe(201);
    expect(masked.body.data.content).toBe('이 코드 짠 사람 ** * 아닌가요? 테스트가 하나도 없네요.');
    const refused = await app.request('POST', `/api/community/questions/${id}/answers`, {
      body: { content: '이 코드 짠 사람 시1발 테스트가 하나도 없네요.' },
      headers: author.bearer,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`content: ${PROFANE_POST}`);
  });
});
