import {
  ADMIN_TOKEN,
  questionBody,
  startCommunityTestApp,
  testClock,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import { backdate } from '../../testing/trust-fixtures';
import { revisionId, type PostRevisionRecord } from './post-revision.record';
import { KEPT_REVISIONS } from './post-revisions.repository';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const MINUTE = 60_000;

describe('edits of questions and answers by their authors, with revisions and Markdown', () => {
  const clock = testClock('2026-03-02T03:00:00.000Z');
  let app: CommunityTestApp;
  let asker: TestIdentity;
  let helper: TestIdentity;
  let stranger: TestIdentity;

  beforeAll(async () => {
    app = await startCommunityTestApp({ clock, env: { COMMUNITY_POSTS_PER_IDENTITY_10MIN: '1000' } });
    asker = await app.signUp('수정하는질문자');
    helper = await app.signUp('수정하는답변자');
    stranger = await app.signUp('지나가는독자');
  });
  afterAll(() => app.close());

  const ask = async (overrides: Record<string, unknown> = {}) => {
    const reply = await app.request('POST', '/api/community/questions', {
      body: questionBody(overrides),
      headers: asker.bearer,
    });
    expect(reply.status).toBe(201);
    return reply.body.data.id as string;
  };
  const answer = async (questionId: string, content: string, who = helper) => {
    const reply = await app.request('POST', `/api/community/questions/${questionId}/answers`, {
      body: { content },
      headers: who.bearer,
    });
    expect(reply.status).toBe(201);
    return reply.body.data.id as string;
  };
  const editAnswer = (id: string, body: unknown, headers: Record<string, string> = helper.bearer) =>
    app.request('PATCH', `/api/community/answers/${id}`, { body, headers });
  const editQuestion = (id: string, body: unknown, headers: Record<string, string> = asker.bearer) =>
    app.request('PATCH', `/api/community/questions/${id}`, { body, headers });

  it('edits an answer, marks it edited and keeps the first version, both shown newest first', async () => {
    const questionId = await ask();
    const first = '처음 쓴 답변: `useMemo`를 쓰세요.';
    const answerId = await answer(questionId, first);
    clock.advance(5 * MINUTE);
    const second = '고친 답변: `useCallback`이 맞습니다.\n\n```ts\nconst f = useCallback(() => 1, []);\n```';
    const edited = await editAnswer(answerId, { content: second });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: answerId,
      content: second,
      editedAt: new Date(clock.now()).toISOString(),
    });
    expect(edited.body.data.bodyHtml).toContain('<code>useCallback</code>');
    expect(edited.body.data.bodyHtml).toContain('<span class="hljs-keyword">const</span>');

    const listed = await app.get(`/api/community/questions/${questionId}/answers`);
    expect(listed.body.data[0]).toMatchObject({
      content: second,
      editedAt: new Date(clock.now()).toISOString(),
    });

    const history = await app.get(`/api/community/answers/${answerId}/revisions`);
    expect(history.status).toBe(200);
    expect(history.body.data.versions).toEqual([
      {
        version: 2,
        writtenAt: new Date(clock.now()).toISOString(),
        editor: { id: helper.id, displayName: helper.displayName },
        content: second,
        changed: ['content'],
      },
      {
        version: 1,
        writtenAt: new Date(clock.now() - 5 * MINUTE).toISOString(),
        editor: { id: helper.id, displayName: helper.displayName },
        content: first,
        changed: [],
      },
    ]);
  });

  it('edits a question’s title and tags, and search finds the new title', async () => {
    const id = await ask({ title: '처음 제목은 평범한 질문입니다', tags: ['리액트'] });
    const edited = await editQuestion(id, {
      title: '고친 제목 하이드레이션 오류 질문',
      tags: ['리액트', 'SSR'],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      title: '고친 제목 하이드레이션 오류 질문',
      tags: ['리액트', 'SSR'],
    });
    expect(edited.body.data.editedAt).toBeDefined();
    const detail = await app.get(`/api/community/questions/${id}`);
    expect(detail.body.data).toMatchObject({
      title: '고친 제목 하이드레이션 오류 질문',
      editedAt: new Date(clock.now()).toISOString(),
    });
    expect(detail.body.data.bodyHtml).toMatch(/^<p>/);
    const found = await app.get(`/api/community/questions?q=${encodeURIComponent('하이드레이션')}`);
    expect(found.body.data.questions.map((q: { id: string }) => q.id)).toContain(id);
    const versions = (await app.get(`/api/community/questions/${id}/revisions`)).body.data.versions;
    expect(
      versions.map((v: { version: number; title: string; changed: string[] }) => [
        v.version,
        v.title,
        v.changed,
      ]),
    ).toEqual([
      [2, '고친 제목 하이드레이션 오류 질문', ['title', 'tags']],
      [1, '처음 제목은 평범한 질문입니다', []],
    ]);
    expect(versions[1].tags).toEqual(['리액트']);
  });

  it('lets only the verified author edit: 401 without identity, 403 for another, 404 unknown, 400 naming the field', async () => {
    const questionId = await ask();
    const answerId = await answer(questionId, '권한을 확인할 답변입니다.');
    const content = { content: '다른 사람이 고치려는 답변입니다.' };
    expect((await editAnswer(answerId, content, {})).status).toBe(401);
    const other = await editAnswer(answerId, content, stranger.bearer);
    expect([other.status, other.body.message]).toEqual([403, '답변 작성자만 수정할 수 있습니다.']);
    expect(
      (await editQuestion(questionId, { title: '남의 질문 제목을 바꿔 봅니다' }, helper.bearer)).status,
    ).toBe(403);
    expect((await editAnswer('a_none', content)).status).toBe(404);
    expect((await editQuestion('q_none', { title: '없는 질문의 제목을 바꿉니다' })).status).toBe(404);
    const short = await editAnswer(answerId, { content: '짧음' });
    expect([short.status, short.body.message]).toEqual([400, expect.stringContaining('content')]);
    expect(
      (await editAnswer(answerId, { content: '충분히 긴 답변입니다.', authorId: stranger.id })).status,
    ).toBe(400);
    const empty = await editQuestion(questionId, {});
    expect([empty.status, empty.body.message]).toEqual([
      400,
      expect.stringContaining('title, content or tags'),
    ]);
    const same = await editAnswer(answerId, { content: '권한을 확인할 답변입니다.' });
    expect([same.status, same.body.message]).toEqual([400, 'content: 수정된 내용이 없습니다.']);
    // A cookie write needs its CSRF token, as every other write does.
    expect((await editAnswer(answerId, content, { cookie: helper.cookie })).status).toBe(403);
    expect(
      (await editAnswer(answerId, content, { cookie: helper.cookie, 'x-csrf-token': helper.csrf })).status,
    ).toBe(200);
  });

  it('refuses profanity naming the field, as posting does', async () => {
    const questionId = await ask();
    const reply = await editQuestion(questionId, { title: '이 씨발 오류는 왜 생기나요 정말로' });
    expect([reply.status, reply.body.message]).toEqual([400, expect.stringMatching(/^title: /)]);
    expect(
      (await app.get(`/api/community/questions/${questionId}/revisions`)).body.data.versions,
    ).toHaveLength(1);
  });

  it('never edits a moderator’s hidden post back into view', async () => {
    const questionId = await ask();
    const answerId = await answer(questionId, '숨겨질 답변입니다. 충분히 깁니다.');
    await app.request('POST', `/api/community/admin/answers/${answerId}/hide`, { headers: admin });
    expect((await editAnswer(answerId, { content: '숨겨진 뒤에 고친 답변입니다.' })).status).toBe(404);
    const otherAnswer = await answer(questionId, '질문이 숨겨지면 함께 닫히는 답변입니다.');
    await app.request('POST', `/api/community/admin/questions/${questionId}/hide`, { headers: admin });
    expect((await editQuestion(questionId, { title: '숨겨진 뒤에 고친 질문 제목' })).status).toBe(410);
    expect((await editAnswer(otherAnswer, { content: '숨겨진 질문의 답변을 고칩니다.' })).status).toBe(410);
    expect((await app.get(`/api/community/answers/${otherAnswer}/revisions`)).status).toBe(410);
    expect((await app.get(`/api/community/questions/${questionId}/revisions`)).status).toBe(410);
    expect((await app.get(`/api/community/questions/${questionId}`)).status).toBe(410);
  });

  it('keeps a consistent history when two edits race from the same version', async () => {
    const questionId = await ask();
    const answerId = await answer(questionId, '경쟁할 답변의 첫 버전입니다.');
    const replies = await Promise.all([
      editAnswer(answerId, { content: '경쟁하는 수정 A 입니다.' }),
      editAnswer(answerId, { content: '경쟁하는 수정 B 입니다.' }),
    ]);
    const applied = replies.filter((reply) => reply.status === 200).length;
    expect(applied).toBeGreaterThanOrEqual(1);
    expect(replies.every((reply) => reply.status === 200 || reply.status === 409)).toBe(true);
    const versions = (await app.get(`/api/community/answers/${answerId}/revisions`)).body.data.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual(applied === 2 ? [3, 2, 1] : [2, 1]);
  });

  it('keeps only the newest earlier versions of a post edited back and forth, in the store and the history', async () => {
    const questionId = await ask();
    const texts = [
      '오가며 고치는 질문의 첫째 본문입니다. 같은 두 글을 번갈아 보냅니다.',
      '오가며 고치는 질문의 둘째 본문입니다. 같은 두 글을 번갈아 보냅니다.',
    ];
    const edits = KEPT_REVISIONS + 3;
    for (let n = 0; n < edits; n += 1) {
      expect((await editQuestion(questionId, { content: texts[n % 2] })).status).toBe(200);
    }
    const stored = await app.store
      .collection<PostRevisionRecord>('community_post_revisions')
      .countDocuments({ postId: questionId });
    expect(stored).toBe(KEPT_REVISIONS);
    const versions = (await app.get(`/api/community/questions/${questionId}/revisions`)).body.data.versions;
    const current = edits + 1;
    expect(versions.map((v: { version: number }) => v.version)).toEqual(
      Array.from({ length: KEPT_REVISIONS + 1 }, (_, newer) => current - newer),
    );
    expect(versions[0].content).toBe(texts[(edits - 1) % 2]);
  });

  it('shows no more than the kept versions of a history stored before they were bounded', async () => {
    const questionId = await ask();
    const stored = KEPT_REVISIONS + 10;
    const at = new Date(clock.now()).toISOString();
    await app.store.collection<PostRevisionRecord>('community_post_revisions').insertMany(
      Array.from({ length: stored }, (_, older) => ({
        _id: revisionId(questionId, older + 1),
        postId: questionId,
        kind: 'question' as const,
        version: older + 1,
        editorId: asker.id,
        editorName: asker.displayName,
        writtenAt: at,
        replacedAt: at,
        content: `예전에 쌓인 ${older + 1}번째 판의 본문입니다.`,
        changed: [],
      })),
    );
    await app.store
      .collection<{ _id: string }>('community_questions')
      .updateOne({ _id: questionId }, { $set: { version: stored + 1 } });
    const versions = (await app.get(`/api/community/questions/${questionId}/revisions`)).body.data.versions;
    expect(versions).toHaveLength(KEPT_REVISIONS + 1);
    expect(versions.at(-1).version).toBe(stored + 1 - KEPT_REVISIONS);
  });

  it('refuses a question edit that changes nothing, naming the field, and keeps no version for it', async () => {
    const title = '바뀌지 않는 제목을 다시 보내는 질문';
    const questionId = await ask({ title });
    const same = await editQuestion(questionId, { title });
    expect([same.status, same.body.message]).toEqual([400, 'title: 수정된 내용이 없습니다.']);
    expect(
      (await app.get(`/api/community/questions/${questionId}/revisions`)).body.data.versions,
    ).toHaveLength(1);
  });

  it('counts edits against the post limits (429)', async () => {
    const limited = await startCommunityTestApp({ env: { COMMUNITY_POSTS_PER_IDENTITY_10MIN: '2' } });
    try {
      const who = await limited.signUp('제한받는작성자');
      const asked = await limited.request('POST', '/api/community/questions', {
        body: questionBody(),
        headers: who.bearer,
      });
      const edit = (n: number) =>
        limited.request('PATCH', `/api/community/questions/${asked.body.data.id}`, {
          body: { title: `제한을 확인하는 제목 ${n}번째 수정` },
          headers: who.bearer,
        });
      expect((await edit(1)).status).toBe(200);
      expect((await edit(2)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('renders a new author’s links as text and a trusted author’s as anchors, at read time', async () => {
    const questionId = await ask();
    const text = '공식 문서를 보세요: https://react.dev/reference/react/useMemo';
    await answer(questionId, text, stranger);
    const read = async () =>
      (await app.get(`/api/community/questions/${questionId}/answers`)).body.data[0].bodyHtml as string;
    expect(await read()).not.toContain('<a');
    expect(await read()).toContain('react.dev/reference/react/useMemo');
    // A day later the nickname is 'basic': the same stored text now renders its link as an anchor.
    await backdate(app, stranger, 2, clock.now());
    expect(await read()).toContain(
      '<a href="https://react.dev/reference/react/useMemo" rel="nofollow ugc noopener" target="_blank"',
    );
  });

  it('says which posts are the reader’s own from the verified identity', async () => {
    const questionId = await ask();
    const mineId = await answer(questionId, '내가 쓴 답변이라고 알려줘야 합니다.');
    await answer(questionId, '남이 쓴 답변은 내 것이 아닙니다.', stranger);
    const votes = (who: TestIdentity) => app.get(`/api/community/questions/${questionId}/votes`, who.bearer);
    expect((await votes(helper)).body.data.mine).toEqual({ question: false, answers: [mineId] });
    expect((await votes(asker)).body.data.mine).toEqual({ question: true, answers: [] });
    expect((await app.get(`/api/community/questions/${questionId}/votes`)).body.data.mine).toEqual({
      question: false,
      answers: [],
    });
  });

  it('previews Markdown without storing it, for a signed-in writer only', async () => {
    const preview = (headers: Record<string, string>) =>
      app.request('POST', '/api/community/markdown/preview', {
        body: { content: '**굵게** 와 `code` <script>x</script>' },
        headers,
      });
    expect((await preview({})).status).toBe(401);
    const shown = await preview(asker.bearer);
    expect(shown.status).toBe(200);
    expect(shown.body.data.html).toBe(
      '<p><strong>굵게</strong> 와 <code>code</code> &lt;script&gt;x&lt;/script&gt;</p>',
    );
  });
});
