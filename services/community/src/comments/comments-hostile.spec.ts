import { eventually } from '@pulse/testing';
import {
  startCommunityTestApp,
  type AnyBody,
  type CommunityTestApp,
  type Reply,
  type TestIdentity,
} from '../../testing/community-test-app';

/**
 * The hostile suite for comments: acting on someone else's comment, bypassing the depth limit, stuffing
 * reactions, markup and operators in text, oversize bodies. Never a 5xx, and nothing changes that should not.
 */
describe('comments under hostile input', () => {
  const articleId = 'hostile-article';
  let app: CommunityTestApp;
  let owner: TestIdentity;
  let intruder: TestIdentity;
  let commentId: string;
  const seen: Reply[] = [];

  beforeAll(async () => {
    app = await startCommunityTestApp({ env: { COMMUNITY_POSTS_PER_IDENTITY_10MIN: '1000' } });
    app.content.publish(articleId);
    owner = await app.signUp('댓글주인');
    intruder = await app.signUp('남의댓글손님');
    commentId = (
      await send(
        'POST',
        `/api/community/articles/${articleId}/comments`,
        { content: '주인의 댓글입니다' },
        owner,
      )
    ).body.data.id;
  });
  afterAll(async () => {
    await app.close();
    expect(seen.filter((reply) => reply.status >= 500)).toEqual([]);
  });

  async function send(
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body: unknown,
    who?: TestIdentity,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const reply = await app.request(method, url, { body, headers: { ...who?.bearer, ...headers } });
    seen.push(reply);
    return reply;
  }
  const thread = async (headers?: Record<string, string>) =>
    (await app.get(`/api/community/articles/${articleId}/comments?sort=oldest&limit=50`, headers)).body.data;

  it("refuses editing or deleting another identity's comment, however the actor is named", async () => {
    const before = await thread();
    const url = `/api/community/comments/${commentId}`;
    expect((await send('PATCH', url, { content: '남이 고친 내용' }, intruder)).status).toBe(403);
    expect((await send('DELETE', url, undefined, intruder)).status).toBe(403);
    const spoofed = { 'x-user-id': owner.id, 'x-anonymous-session': owner.sessionId };
    expect((await send('PATCH', url, { content: '헤더로 위장' }, intruder, spoofed)).status).toBe(403);
    expect((await send('DELETE', url, undefined, undefined, spoofed)).status).toBe(401);
    const bodyActor = await send('PATCH', url, { content: '본문으로 위장', authorId: owner.id }, intruder);
    expect(bodyActor.status).toBe(400);
    expect(bodyActor.body.message).toContain('authorId');
    // The owner's cookie without the CSRF header (a cross-site form) is refused too.
    const csrf = await app.request('DELETE', url, { headers: { cookie: owner.cookie } });
    expect(csrf.status).toBe(403);
    expect(await thread()).toEqual(before);
  });

  it('cannot get past depth 3: not by fields in the body, not by racing', async () => {
    let parent = commentId;
    for (let depth = 1; depth <= 3; depth += 1)
      parent = (
        await send('POST', `/api/community/comments/${parent}/replies`, { content: `${depth}단계` }, intruder)
      ).body.data.id;
    const fields = await send(
      'POST',
      `/api/community/comments/${commentId}/replies`,
      { content: '깊이를 정해서', depth: 0, parentId: null },
      intruder,
    );
    expect(fields.status).toBe(400);
    const race = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send('POST', `/api/community/comments/${parent}/replies`, { content: `넷째 단계 시도 ${i}` }, owner),
      ),
    );
    expect(race.map((r) => r.status)).toEqual(Array(8).fill(400));
    const createWithParent = await send(
      'POST',
      `/api/community/articles/${articleId}/comments`,
      { content: '최상위로 위장한 답글', parentId: parent },
      owner,
    );
    expect(createWithParent.status).toBe(400);
    const depths: number[] = [];
    const walk = (comments: AnyBody[]) =>
      comments.forEach((c) => {
        depths.push(c.depth);
        walk(c.replies);
      });
    walk((await thread()).comments);
    expect(Math.max(...depths)).toBe(3);
  });

  it('counts a stuffed reaction once: one identity racing itself, and a crowd racing each other', async () => {
    const target = (
      await send(
        'POST',
        `/api/community/articles/${articleId}/comments`,
        { content: '반응 폭탄 대상' },
        owner,
      )
    ).body.data.id;
    const stuffer = await app.signUp('반응도배꾼');
    const race = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        send(
          'POST',
          `/api/community/comments/${target}/vote`,
          { voteType: i % 3 ? 'like' : 'dislike' },
          stuffer,
        ),
      ),
    );
    expect(race.every((r) => r.status === 200)).toBe(true);
    // The reaction records are written at once, the counts a flush later (votes/vote-counters.ts).
    const mine = await eventually(async () => {
      const shown = (await thread(stuffer.bearer)).comments.find((c: AnyBody) => c.id === target);
      const state = await app.get(`/api/community/me/state?comments=${target}`, stuffer.bearer);
      const marked = { ...shown, viewerVote: state.body.data.comments[target].reaction };
      expect(marked.likes + marked.dislikes).toBeLessThanOrEqual(1);
      expect(marked.likes).toBe(marked.viewerVote === 'like' ? 1 : 0);
      expect(marked.dislikes).toBe(marked.viewerVote === 'dislike' ? 1 : 0);
      return marked;
    });

    const crowd = await Promise.all(Array.from({ length: 12 }, (_, i) => app.signUp(`군중반응${i}`)));
    await Promise.all(
      crowd.map((who, i) =>
        send('POST', `/api/community/comments/${target}/vote`, { voteType: i < 6 ? 'like' : 'dislike' }, who),
      ),
    );
    await eventually(async () => {
      const after = (await thread()).comments.find((c: AnyBody) => c.id === target);
      expect(after.likes).toBe(6 + (mine.viewerVote === 'like' ? 1 : 0));
      expect(after.dislikes).toBe(6 + (mine.viewerVote === 'dislike' ? 1 : 0));
    });
    // The evenly split comment now leads the controversial sort (score and controversy followed the race).
    const controversial = (await app.get(`/api/community/articles/${articleId}/comments?sort=controversial`))
      .body.data;
    expect(controversial.comments[0].id).toBe(target);
  });

  it('stores markup as the text it is and returns it as JSON text, never as HTML', async () => {
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)> <a href="javascript:x">링크</a>';
    const created = await send(
      'POST',
      `/api/community/articles/${articleId}/comments`,
      { content: markup },
      owner,
    );
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.body.data.content).toBe(markup);
    const listed = await app.get(`/api/community/articles/${articleId}/comments?sort=latest`);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.body.data.comments[0].content).toBe(markup);
  });

  it('answers huge, malformed and operator-laden input with 4xx, never 5xx', async () => {
    const before = await thread();
    const post = (body: unknown, url = `/api/community/articles/${articleId}/comments`) =>
      send('POST', url, body, owner);
    const statuses = [
      (await post({ content: 'x'.repeat(100_000) })).status,
      (await post({ content: { $gt: '' } })).status,
      (await post({ content: ['다섯 글자 이상'] })).status,
      (await post({ content: 12345 })).status,
      (await post({})).status,
      (await post('{"content": "끝나지 않은 JSON')).status,
      (await post({ content: '경로에 연산자' }, '/api/community/articles/%7B%22%24ne%22%3Anull%7D/comments'))
        .status,
      (await post({ content: '너무 긴 아이디' }, `/api/community/articles/${'a'.repeat(500)}/comments`))
        .status,
      (await send('PATCH', `/api/community/comments/${commentId}`, { content: 'y'.repeat(5000) }, owner))
        .status,
      (await send('POST', `/api/community/comments/${commentId}/vote`, { voteType: { $ne: 'like' } }, owner))
        .status,
    ];
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    const oversize = await send(
      'POST',
      `/api/community/articles/${articleId}/comments`,
      { content: 'z'.repeat(3_000_000) },
      owner,
    );
    expect(oversize.status).toBe(413);
    const badQuery = await app.get(`/api/community/articles/${articleId}/comments?sort[$ne]=x&page=-1`);
    expect(badQuery.status).toBe(400);
    expect(await thread()).toEqual(before);
  });

  it('refuses every write without a live credential (401)', async () => {
    const url = `/api/community/comments/${commentId}`;
    for (const reply of [
      await send('POST', `/api/community/articles/${articleId}/comments`, { content: '익명으로 쓰기' }),
      await send('POST', `${url}/replies`, { content: '익명 답글' }),
      await send('PATCH', url, { content: '익명 수정' }),
      await send('DELETE', url, undefined),
      await send('POST', `${url}/vote`, { voteType: 'like' }),
      await send('POST', `${url}/report`, { reason: 'spam' }),
      await send('POST', `${url}/vote`, { voteType: 'like' }, undefined, { authorization: 'Bearer a.b.c' }),
    ])
      expect(reply.status).toBe(401);
  });
});
