import {
  CACHE_TAG_HEADER,
  parsePurge,
  PURGE_CHANNEL,
  QUESTION_LISTS_TAG,
  questionTag,
} from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import {
  ADMIN_TOKEN,
  questionBody,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/**
 * The question reads name what they show (cache-tag) and the writes purge those tags, so the gateway's
 * micro-cache drops them (gateway/src/proxy/micro-cache.ts); the reader's own votes are a private read.
 */
describe('community service: question cache tags and purges for the gateway', () => {
  let app: CommunityTestApp;
  let asker: TestIdentity;
  let helper: TestIdentity;
  /** A store of this process: embedded pub/sub reaches every store in it, as Redis reaches every client. */
  const listener = new MemoryCacheStore();
  const purged: string[][] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    app = await startCommunityTestApp();
    asker = await app.signUp('태그질문자');
    helper = await app.signUp('태그답변자');
    stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
  }, 60_000);

  afterAll(async () => {
    await stop();
    await listener.close();
    await app.close();
  });

  const ask = async () =>
    (await app.request('POST', '/api/community/questions', { body: questionBody(), headers: asker.bearer }))
      .body.data.id as string;
  const answer = async (questionId: string) =>
    (
      await app.request('POST', `/api/community/questions/${questionId}/answers`, {
        body: { content: '태그를 확인하는 답변입니다. 충분히 깁니다.' },
        headers: helper.bearer,
      })
    ).body.data.id as string;
  /** Runs `write` and waits for its purge to be the one just received. */
  const purgeOf = async (write: () => Promise<{ status: number }>) => {
    purged.length = 0;
    expect((await write()).status).toBe(200);
    return eventually(async () => {
      expect(purged).toHaveLength(1);
      return purged[0];
    });
  };

  it('tags the detail and the answers with their question, the lists with the lists tag; votes stay private', async () => {
    const id = await ask();
    const detail = await app.get(`/api/community/questions/${id}`);
    expect([detail.status, detail.headers[CACHE_TAG_HEADER]]).toEqual([200, questionTag(id)]);
    const answers = await app.get(`/api/community/questions/${id}/answers?sortBy=latest`);
    expect([answers.status, answers.headers[CACHE_TAG_HEADER]]).toEqual([200, questionTag(id)]);
    for (const path of ['/api/community/questions', '/api/community/articles/a1/questions']) {
      const list = await app.get(path);
      expect([path, list.status, list.headers[CACHE_TAG_HEADER]]).toEqual([path, 200, QUESTION_LISTS_TAG]);
    }
    const votes = await app.get(`/api/community/questions/${id}/votes`, helper.bearer);
    expect([votes.status, votes.headers[CACHE_TAG_HEADER], votes.headers['cache-control']]).toEqual([
      200,
      undefined,
      'private, no-store',
    ]);
    // An unknown id answers 404 with no tag: nothing to purge, nothing cached.
    const missing = await app.get('/api/community/questions/q_none');
    expect([missing.status, missing.headers[CACHE_TAG_HEADER]]).toEqual([404, undefined]);
  });

  it('purges the question and the lists on every change they show, the question alone on an answer vote', async () => {
    purged.length = 0;
    const id = await ask();
    await eventually(async () => expect(purged).toContainEqual([questionTag(id), QUESTION_LISTS_TAG]));
    purged.length = 0;
    const answerId = await answer(id);
    await eventually(async () => expect(purged).toEqual([[questionTag(id), QUESTION_LISTS_TAG]]));

    const both = [questionTag(id), QUESTION_LISTS_TAG];
    const vote = (path: string, voteType: string, who: TestIdentity) => () =>
      app.request('POST', path, { body: { voteType }, headers: who.bearer });
    expect(await purgeOf(vote(`/api/community/questions/${id}/vote`, 'upvote', helper))).toEqual(both);
    expect(await purgeOf(vote(`/api/community/answers/${answerId}/vote`, 'downvote', asker))).toEqual([
      questionTag(id),
    ]);
    const accept = () =>
      app.request('POST', `/api/community/questions/${id}/answers/${answerId}/accept`, {
        headers: asker.bearer,
      });
    expect(await purgeOf(accept)).toEqual(both);
    const hide = () =>
      app.request('POST', `/api/community/admin/answers/${answerId}/hide`, { headers: admin });
    expect(await purgeOf(hide)).toEqual(both);
    const restore = () =>
      app.request('POST', `/api/community/admin/answers/${answerId}/restore`, { headers: admin });
    expect(await purgeOf(restore)).toEqual(both);
    const removeAnswer = () =>
      app.request('DELETE', `/api/community/answers/${answerId}`, { headers: helper.bearer });
    expect(await purgeOf(removeAnswer)).toEqual(both);
    const hideQuestion = () =>
      app.request('POST', `/api/community/admin/questions/${id}/hide`, { headers: admin });
    expect(await purgeOf(hideQuestion)).toEqual(both);
    const restoreQuestion = () =>
      app.request('POST', `/api/community/admin/questions/${id}/restore`, { headers: admin });
    expect(await purgeOf(restoreQuestion)).toEqual(both);
    const removeQuestion = () =>
      app.request('DELETE', `/api/community/questions/${id}`, { headers: asker.bearer });
    expect(await purgeOf(removeQuestion)).toEqual(both);
  });

  it('does not purge on a view: the count may be a micro-cache lifetime old', async () => {
    const id = await ask();
    const answerId = await answer(id);
    // Delivered on a later turn: the question's and the answer's purges are let in before the slate is cleared.
    const ofQuestion = [questionTag(id), QUESTION_LISTS_TAG];
    await eventually(async () =>
      expect(purged.filter((tags) => tags.join() === ofQuestion.join())).toHaveLength(2),
    );
    purged.length = 0;
    const view = await app.request('POST', `/api/community/questions/${id}/view`, { headers: helper.bearer });
    expect(view.body.data).toEqual({ counted: true, viewCount: 1 });
    // Purges arrive in order: once the vote's has come, a view's would have come before it.
    await app.request('POST', `/api/community/answers/${answerId}/vote`, {
      body: { voteType: 'upvote' },
      headers: asker.bearer,
    });
    await eventually(async () => expect(purged).toEqual([[questionTag(id)]]));
  });

  it('purges on its author’s edits: a question’s with the lists (title, tags), an answer’s with its question', async () => {
    const id = await ask();
    const answerId = await answer(id);
    // The ask's and the answer's purges are let in before the slate is cleared, as for views below.
    const ofQuestion = [questionTag(id), QUESTION_LISTS_TAG];
    await eventually(async () =>
      expect(purged.filter((tags) => tags.join() === ofQuestion.join())).toHaveLength(2),
    );
    const editQuestion = () =>
      app.request('PATCH', `/api/community/questions/${id}`, {
        body: { title: '수정한 제목으로 목록에도 보여야 합니다' },
        headers: asker.bearer,
      });
    expect(await purgeOf(editQuestion)).toEqual([questionTag(id), QUESTION_LISTS_TAG]);
    const editAnswer = () =>
      app.request('PATCH', `/api/community/answers/${answerId}`, {
        body: { content: '수정한 답변입니다. 질문의 읽기만 바뀝니다.' },
        headers: helper.bearer,
      });
    expect(await purgeOf(editAnswer)).toEqual([questionTag(id)]);
  });
});
