import { TOPICS } from '@pulse/contracts';
import { publishEvent } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import {
  ADMIN_TOKEN,
  startCommunityTestApp,
  testClock,
  type AnyBody,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import { backdate } from '../../testing/trust-fixtures';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
let articleSerial = 0;

describe('article comments', () => {
  const clock = testClock();
  let app: CommunityTestApp;
  let alice: TestIdentity;
  let bob: TestIdentity;

  beforeAll(async () => {
    app = await startCommunityTestApp({
      clock,
      env: { COMMUNITY_REPORT_WEIGHT_TO_HOLD: '2', COMMUNITY_POSTS_PER_IDENTITY_10MIN: '1000' },
    });
    alice = await app.signUp('댓글작성자');
    bob = await app.signUp('답글작성자');
  });
  afterAll(() => app.close());

  /** An article content publishes, for a test of its own. */
  const newArticle = () => {
    const id = `article-${++articleSerial}`;
    app.content.publish(id);
    return id;
  };

  const comment = (articleId: string, content: string, who: TestIdentity) =>
    app.request('POST', `/api/community/articles/${articleId}/comments`, {
      body: { content },
      headers: who.bearer,
    });
  const reply = (parentId: string, content: string, who: TestIdentity) =>
    app.request('POST', `/api/community/comments/${parentId}/replies`, {
      body: { content },
      headers: who.bearer,
    });
  const react = (id: string, voteType: 'like' | 'dislike', who: TestIdentity) =>
    app.request('POST', `/api/community/comments/${id}/vote`, { body: { voteType }, headers: who.bearer });
  const list = async (articleId: string, query = '', headers?: Record<string, string>) =>
    (await app.get(`/api/community/articles/${articleId}/comments${query}`, headers)).body.data;

  it('answers an article nobody commented on with an empty list (seed shape)', async () => {
    const reply = await app.get('/api/community/articles/never-commented/comments');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      data: { comments: [], totalCount: 0, pagination: { page: 1, totalPages: 1, total: 0, hasMore: false } },
    });
  });

  it('posts a comment with the seed fields, trimmed, and lists it', async () => {
    const articleId = newArticle();
    clock.advance(1000);
    const created = await comment(articleId, '   좋은 기사 감사합니다!   ', alice);
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^c_/),
      articleId,
      parentId: null,
      depth: 0,
      content: '좋은 기사 감사합니다!',
      author: { id: alice.id, displayName: '댓글작성자', avatar: null, isAnonymous: true, badges: [] },
      createdAt: new Date(clock.now()).toISOString(),
      updatedAt: new Date(clock.now()).toISOString(),
      isEdited: false,
      likes: 0,
      dislikes: 0,
      replies: [],
      viewerVote: null,
    });
    const data = await list(articleId);
    expect(data.totalCount).toBe(1);
    expect(data.comments).toEqual([{ ...created.body.data, viewerVote: undefined }].map(dropUndefined));
  });

  it('enforces the lengths: 5–2000 for a comment, 1–1000 for a reply, naming the field', async () => {
    const articleId = newArticle();
    for (const content of ['abcd', '    a   ', 'x'.repeat(2001)]) {
      const refused = await comment(articleId, content, alice);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('content');
    }
    expect((await comment(articleId, 'x'.repeat(2000), alice)).status).toBe(201);
    const parent = (await comment(articleId, '다섯 글자 이상', alice)).body.data.id;
    expect((await reply(parent, 'ㅇ', bob)).status).toBe(201);
    expect((await reply(parent, '   ', bob)).status).toBe(400);
    expect((await reply(parent, 'y'.repeat(1001), bob)).status).toBe(400);
    expect((await reply(parent, 'y'.repeat(1000), bob)).status).toBe(201);
  });

  it('nests replies to depth 3 and refuses a fourth level', async () => {
    const articleId = newArticle();
    const top = (await comment(articleId, '최상위 댓글입니다', alice)).body.data;
    const d1 = (await reply(top.id, '첫째 단계 답글', bob)).body.data;
    const d2 = (await reply(d1.id, '둘째 단계 답글', alice)).body.data;
    const d3 = (await reply(d2.id, '셋째 단계 답글', bob)).body.data;
    expect([d1.depth, d2.depth, d3.depth]).toEqual([1, 2, 3]);
    expect(d3).toMatchObject({ parentId: d2.id, articleId });
    const fourth = await reply(d3.id, '넷째 단계는 안 됩니다', alice);
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toBe('id: 답글은 3단계까지만 달 수 있습니다.');
    const data = await list(articleId);
    expect(data.totalCount).toBe(4);
    expect(data.pagination.total).toBe(1);
    const [thread] = data.comments;
    expect(thread.replies[0].replies[0].replies[0]).toMatchObject({ id: d3.id, depth: 3, replies: [] });
    expect((await reply('c_missing', '없는 댓글에 답글', bob)).status).toBe(404);
  });

  it('edits only a changed text of at most 1000 characters, then shows it as edited', async () => {
    const articleId = newArticle();
    const created = (await comment(articleId, '수정하기 전의 댓글', alice)).body.data;
    const edit = (content: unknown, who = alice) =>
      app.request('PATCH', `/api/community/comments/${created.id}`, {
        body: { content },
        headers: who.bearer,
      });
    const same = await edit('  수정하기 전의 댓글 ');
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('content: 수정된 내용이 없습니다.');
    expect((await edit('x'.repeat(1001))).status).toBe(400);
    expect((await edit('   ')).status).toBe(400);
    clock.advance(60_000);
    const edited = await edit('수정한 뒤의 댓글');
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ content: '수정한 뒤의 댓글', isEdited: true });
    expect(edited.body.data.updatedAt).not.toBe(edited.body.data.createdAt);
    expect((await list(articleId)).comments[0]).toMatchObject({
      content: '수정한 뒤의 댓글',
      isEdited: true,
    });
  });

  it('keeps the thread when a comment with replies is deleted, and drops a deleted leaf', async () => {
    const articleId = newArticle();
    const top = (await comment(articleId, '곧 삭제될 댓글입니다', alice)).body.data;
    const child = (await reply(top.id, '남아야 하는 답글', bob)).body.data;
    const leaf = (await comment(articleId, '답글 없는 댓글', alice)).body.data;
    const del = (id: string, who = alice) =>
      app.request('DELETE', `/api/community/comments/${id}`, { headers: who.bearer });
    expect((await del(top.id)).body).toEqual({ success: true });
    expect((await del(leaf.id)).status).toBe(200);
    expect((await del(leaf.id)).status).toBe(404);
    const data = await list(articleId);
    expect(data.totalCount).toBe(1);
    expect(data.comments).toHaveLength(1);
    expect(data.comments[0]).toMatchObject({
      id: top.id,
      content: '삭제된 댓글입니다.',
      removed: 'deleted',
      author: { id: '', displayName: '' },
      likes: 0,
      replies: [expect.objectContaining({ id: child.id, content: '남아야 하는 답글' })],
    });
    // A deleted comment takes no replies, edits or reactions.
    expect((await reply(top.id, '삭제된 댓글에 답글', bob)).status).toBe(404);
    expect((await react(top.id, 'like', bob)).status).toBe(404);
    // Once its last reply goes too, the placeholder goes.
    await del(child.id, bob);
    expect(await list(articleId)).toMatchObject({ comments: [], totalCount: 0 });
  });

  it('keeps one reaction per identity: switch, withdraw, and the viewer sees their own in the state call', async () => {
    const articleId = newArticle();
    const id = (await comment(articleId, '반응을 받을 댓글', alice)).body.data.id;
    expect((await react(id, 'like', bob)).body.data).toEqual({ likes: 1, dislikes: 0, viewerVote: 'like' });
    expect((await react(id, 'dislike', bob)).body.data).toEqual({
      likes: 0,
      dislikes: 1,
      viewerVote: 'dislike',
    });
    // The thread is the same for every reader; the reader's own reaction is the reader-state call's. The
    // reaction is recorded at once; the listed counts follow in the comment's counter flush.
    await eventually(async () => {
      const bobsThread = (await list(articleId, '', bob.bearer)).comments[0];
      expect(bobsThread).toMatchObject({ dislikes: 1 });
      expect(bobsThread).not.toHaveProperty('viewerVote');
    });
    const state = await app.get(`/api/community/me/state?comments=${id}`, bob.bearer);
    expect(state.body.data.comments).toEqual({ [id]: { reaction: 'dislike' } });
    expect((await react(id, 'dislike', bob)).body.data).toEqual({ likes: 0, dislikes: 0, viewerVote: null });
    const own = await react(id, 'like', alice);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('자신의 글에는 투표할 수 없습니다.');
    expect((await react(id, 'love' as never, bob)).status).toBe(400);
    expect((await list(articleId)).comments[0]).not.toHaveProperty('viewerVote');
  });

  it('orders threads by each of the four sorts, and every level of a thread by the same sort', async () => {
    const articleId = newArticle();
    const crowd = await Promise.all(Array.from({ length: 6 }, (_, i) => app.signUp(`정렬반응${i}`)));
    const make = async (label: string) => {
      clock.advance(1000);
      return (await comment(articleId, `정렬 시험 댓글 ${label}`, alice)).body.data.id as string;
    };
    const liked = await make('좋아요 많음'); // 4 likes, 0 dislikes → popular first, controversy 0
    const split = await make('반반'); // 3 likes, 3 dislikes → most controversial
    const leaning = await make('기울어짐'); // 3 likes, 1 dislike
    const quiet = await make('조용함'); // nothing, newest
    const set = async (id: string, likes: number, dislikes: number) => {
      for (let i = 0; i < likes; i += 1) await react(id, 'like', crowd[i]);
      for (let i = 0; i < dislikes; i += 1) await react(id, 'dislike', crowd[likes + i]);
    };
    await set(liked, 4, 0);
    await set(split, 3, 3);
    await set(leaning, 3, 1);
    const order = async (sort: string) =>
      (await list(articleId, sort ? `?sort=${sort}` : '')).comments.map((c: AnyBody) => c.id);
    // The counts, score and controversy follow the reactions in each comment's counter flush.
    await eventually(async () => {
      expect(await order('')).toEqual([liked, leaning, quiet, split]); // popular is the default: 4, 2, 0, 0 (newer first)
      expect(await order('popular')).toEqual([liked, leaning, quiet, split]);
      expect(await order('latest')).toEqual([quiet, leaning, split, liked]);
      expect(await order('oldest')).toEqual([liked, split, leaning, quiet]);
      // (3+3)^(3/3) = 6 > (3+1)^(1/3) ≈ 1.59 > 0 (popular, then newer, break the tie).
      expect(await order('controversial')).toEqual([split, leaning, liked, quiet]);
    });
    expect((await app.get(`/api/community/articles/${articleId}/comments?sort=best`)).status).toBe(400);

    const first = await reply(quiet, '먼저 단 답글', bob);
    clock.advance(1000);
    const second = await reply(quiet, '나중에 단 답글', bob);
    const replies = async (sort: string) =>
      (await list(articleId, `?sort=${sort}`)).comments
        .find((c: AnyBody) => c.id === quiet)
        .replies.map((r: AnyBody) => r.id);
    expect(await replies('latest')).toEqual([second.body.data.id, first.body.data.id]);
    expect(await replies('oldest')).toEqual([first.body.data.id, second.body.data.id]);
  });

  it('pages the top-level threads, each page carrying its replies', async () => {
    const articleId = newArticle();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1000);
      ids.push((await comment(articleId, `페이지 시험 댓글 ${i}`, alice)).body.data.id);
    }
    await reply(ids[0], '첫 댓글의 답글', bob);
    const page1 = await list(articleId, '?sort=oldest&limit=2');
    const page3 = await list(articleId, '?sort=oldest&limit=2&page=3');
    expect(page1.comments.map((c: AnyBody) => c.id)).toEqual(ids.slice(0, 2));
    expect(page1.comments[0].replies).toHaveLength(1);
    expect(page1).toMatchObject({
      totalCount: 6,
      pagination: { page: 1, totalPages: 3, total: 5, hasMore: true },
    });
    expect(page3.comments.map((c: AnyBody) => c.id)).toEqual([ids[4]]);
    expect(page3.pagination.hasMore).toBe(false);
    expect((await app.get(`/api/community/articles/${articleId}/comments?limit=500`)).status).toBe(400);
  });

  it('refuses profanity, a duplicate comment, and too many posts (429)', async () => {
    const articleId = newArticle();
    const profane = await comment(articleId, '이런 시1발 기사', alice);
    expect(profane.status).toBe(400);
    expect(profane.body.message).toBe('content: 부적절한 표현이 포함되어 있습니다. 내용을 수정해주세요.');
    const ok = await comment(articleId, '시발점에서 출발하는 이야기', alice);
    expect(ok.status).toBe(201);
    expect((await comment(articleId, '시발점에서 출발하는 이야기', alice)).status).toBe(409);
    const editProfane = await app.request('PATCH', `/api/community/comments/${ok.body.data.id}`, {
      body: { content: 'ㅅㅂ 이게 뭐야' },
      headers: alice.bearer,
    });
    expect(editProfane.status).toBe(400);

    const strict = await startCommunityTestApp({ env: { COMMUNITY_POSTS_PER_IDENTITY_10MIN: '2' } });
    try {
      const writer = await strict.signUp('도배하는사람');
      strict.content.publish('a1');
      const post = (i: number) =>
        strict.request('POST', '/api/community/articles/a1/comments', {
          body: { content: `도배 댓글 번호 ${i}` },
          headers: writer.bearer,
        });
      expect([(await post(1)).status, (await post(2)).status]).toEqual([201, 201]);
      const third = await post(3);
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect((await strict.get('/api/community/articles/a1/comments')).body.data.totalCount).toBe(2);
    } finally {
      await strict.close();
    }
  });

  it('takes comments only on articles content publishes, naming an unknown one; reading one stays an empty list', async () => {
    const unknown = `article-${++articleSerial}`;
    const refused = await comment(unknown, '없는 기사에 다는 댓글', alice);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`id: 기사를 찾을 수 없습니다 (${unknown}).`);
    expect((await app.get(`/api/community/articles/${unknown}/comments`)).body).toEqual({
      success: true,
      data: { comments: [], totalCount: 0, pagination: { page: 1, totalPages: 1, total: 0, hasMore: false } },
    });

    // A "no" is not remembered: published a moment later, the article takes its first comment at once.
    app.content.publish(unknown);
    expect((await comment(unknown, '이제 막 올라온 기사', alice)).status).toBe(201);
    // A "yes" is: the next comments do not ask content again.
    const asked = () => app.content.requests.filter((r) => r === `/api/articles/${unknown}`).length;
    const before = asked();
    const top = (await comment(unknown, '두 번째 댓글입니다', bob)).body.data;
    expect((await reply(top.id, '답글도 됩니다', alice)).status).toBe(201);
    expect(asked()).toBe(before);

    // Unpublished: once the cached "yes" is gone (PUBLISHED_TTL_MS), replies under its comments are refused too.
    app.content.articles.splice(
      app.content.articles.findIndex((article) => article.id === unknown),
      1,
    );
    await app.cache.del(`community:article-published:${unknown}`);
    const late = await reply(top.id, '내려간 기사에 답글', alice);
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(`id: 기사를 찾을 수 없습니다 (${unknown}).`);
    expect((await list(unknown, '?sort=oldest')).totalCount).toBe(3);

    // Content cannot answer: refused as unavailable (nothing stored), not as missing.
    const fresh = newArticle();
    app.content.fail(true);
    try {
      const down = await comment(fresh, '콘텐츠가 멈춘 동안', alice);
      expect(down.status).toBe(503);
      expect(down.body.message).toBe('기사를 지금 확인할 수 없습니다. 잠시 후 다시 시도해주세요.');
    } finally {
      app.content.fail(false);
    }
    expect((await list(fresh)).totalCount).toBe(0);
  });

  it('stops taking comments on an article its editors withdraw as soon as article.withdrawn arrives', async () => {
    const articleId = newArticle();
    const top = (await comment(articleId, '내려가기 전의 댓글', alice)).body.data;
    // The "yes" is cached: content is not asked again while it holds.
    app.content.withdraw(articleId);
    expect((await reply(top.id, '아직 캐시된 답입니다', bob)).status).toBe(201);

    await publishEvent(
      app.bus,
      TOPICS.articleWithdrawn,
      { id: articleId, withdrawnAt: new Date(clock.now()).toISOString() },
      { source: 'test' },
    );
    // Handled once the cached answer is gone; content answers 410 for the article now: missing (404), not
    // content failing (503).
    await eventually(async () =>
      expect(await app.cache.get(`community:article-published:${articleId}`)).toBeUndefined(),
    );
    expect((await comment(articleId, '내려간 기사에 댓글', bob)).status).toBe(404);
    const late = await reply(top.id, '내려간 기사에 답글', alice);
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(`id: 기사를 찾을 수 없습니다 (${articleId}).`);
    expect((await list(articleId, '?sort=oldest')).totalCount).toBe(2);
  });

  it('holds a comment reported by enough readers; a moderator restores or hides it', async () => {
    const articleId = newArticle();
    const top = (await comment(articleId, '신고될 댓글입니다', alice)).body.data;
    const child = (await reply(top.id, '신고된 댓글의 답글', bob)).body.data;
    // Two 'basic' reporters (a day old, weight 1 each) on two networks reach the weight of 2.
    const reporters = [await app.signUp('댓글신고자1'), await app.signUp('댓글신고자2')];
    for (const who of reporters) await backdate(app, who, 2, clock.now());
    const report = (who: TestIdentity) =>
      app.request('POST', `/api/community/comments/${top.id}/report`, {
        body: { reason: 'abuse' },
        headers: who.bearer,
        ip: who.ip,
      });
    expect((await report(reporters[0])).body.data).toEqual({ reported: true, held: false });
    expect((await report(reporters[0])).body.data).toEqual({ reported: true, held: false });
    expect((await report(reporters[1])).body.data).toEqual({ reported: true, held: true });
    // Held with a visible reply: a placeholder keeps the thread.
    const held = await list(articleId);
    expect(held.totalCount).toBe(1);
    expect(held.comments[0]).toMatchObject({ content: '숨겨진 댓글입니다.', removed: 'hidden' });
    expect(held.comments[0].replies[0].id).toBe(child.id);

    expect((await app.get('/api/community/admin/moderation/comments?state=held')).status).toBe(401);
    const queue = await app.get('/api/community/admin/moderation/comments?state=held', admin);
    expect(queue.body.data.items).toEqual([
      expect.objectContaining({
        kind: 'comment',
        id: top.id,
        articleId,
        excerpt: '신고될 댓글입니다',
        state: 'held',
        reports: expect.objectContaining({ count: 2, reasons: { abuse: 2 } }),
      }),
    ]);
    const move = (action: string) =>
      app.request('POST', `/api/community/admin/comments/${top.id}/${action}`, { headers: admin });
    expect((await move('restore')).body.data).toEqual({ kind: 'comment', id: top.id, state: 'visible' });
    expect((await list(articleId)).comments[0]).toMatchObject({ content: '신고될 댓글입니다', likes: 0 });
    // Restored, its reports are reviewed: a fresh nickname's report does not hold it again.
    expect((await report(await app.signUp('복원후댓글신고'))).body.data).toEqual({
      reported: true,
      held: false,
    });
    expect((await list(articleId)).comments[0]).toMatchObject({ content: '신고될 댓글입니다' });
    expect((await move('hide')).body.data.state).toBe('hidden');
    expect((await list(articleId)).totalCount).toBe(1);
    expect(
      (await app.get('/api/community/admin/moderation/comments?state=hidden', admin)).body.data.total,
    ).toBe(1);
    expect(
      (await app.request('POST', '/api/community/admin/comments/c_none/hide', { headers: admin })).status,
    ).toBe(404);
  });
});

function dropUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
