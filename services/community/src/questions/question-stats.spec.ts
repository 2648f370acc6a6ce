import { questionBody, startCommunityTestApp, type CommunityTestApp } from '../../testing/community-test-app';
import type { QuestionRecord } from './question.record';

describe("the question list's tiles", () => {
  let app: CommunityTestApp;

  beforeAll(async () => {
    app = await startCommunityTestApp();
  });
  afterAll(() => app.close());

  const list = async (query = '') => (await app.get(`/api/community/questions${query}`)).body.data;

  it('are counted once and kept until a write that changes the lists, which they then show', async () => {
    const asker = await app.signUp('타일질문자');
    const ask = () =>
      app.request('POST', '/api/community/questions', { body: questionBody(), headers: asker.bearer });
    const first = (await ask()).body.data.id as string;
    expect((await list()).stats.totalQuestions).toBe(1);

    // A question put straight into the store (no write of the service, so nothing drops the tiles): the
    // page counts it, the tiles are the ones counted before, whatever page is asked for.
    const questions = app.store.collection<QuestionRecord>('community_questions');
    const stored = (await questions.findOne({ _id: first })) as QuestionRecord;
    await questions.insertOne({ ...stored, _id: 'q_straight_in' });
    for (const page of ['?page=1', '?page=2', '?page=3&limit=5']) {
      const shown = await list(page);
      expect(shown.pagination.total).toBe(2);
      expect(shown.stats.totalQuestions).toBe(1);
    }

    // A question asked through the service drops them: counted again, exact.
    await ask();
    expect((await list()).stats).toMatchObject({ totalQuestions: 3, unansweredQuestions: 3 });
  });

  it('refuses a page past any real list, naming it', async () => {
    const refused = await app.get('/api/community/questions?page=10001');
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toMatch(/^page/);
  });
});
