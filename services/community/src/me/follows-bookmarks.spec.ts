import { BOOKMARKS_PER_IDENTITY, FOLLOWS_PER_IDENTITY } from '@pulse/contracts';
import {
  questionBody,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import { TOO_MANY_BOOKMARKS } from './bookmarks.service';
import { TOO_MANY_FOLLOWS } from './follows.service';

describe('the reader’s follows and bookmarks (/api/community/me)', () => {
  let app: CommunityTestApp;
  let reader: TestIdentity;
  let other: TestIdentity;

  beforeAll(async () => {
    app = await startCommunityTestApp({ env: { COMMUNITY_VOTES_PER_IDENTITY_MINUTE: '10000' } });
    reader = await app.signUp('북마크하는독자');
    other = await app.signUp('다른독자');
    app.content.publish('art-1');
    app.content.publish('ins-1');
    app.content.publishAnalysis('쿠버네티스-입문', '쿠버네티스 입문');
  });
  afterAll(() => app.close());

  const put = (who: TestIdentity, url: string, body: unknown = {}) =>
    app.request('PUT', url, { body, headers: who.bearer, ip: who.ip });
  const del = (who: TestIdentity, url: string) =>
    app.request('DELETE', url, { headers: who.bearer, ip: who.ip });
  const followsOf = async (who: TestIdentity) =>
    (await app.get('/api/community/me/follows', who.bearer)).body.data.follows;

  describe('follows', () => {
    it('follows a category, a tag (normalised), a source and a story, newest first, each once', async () => {
      expect((await put(reader, '/api/community/me/follows/category/gen-ai')).status).toBe(200);
      const tag = await put(reader, `/api/community/me/follows/tag/${encodeURIComponent(' #LLM ')}`, {
        label: 'LLM',
      });
      expect(tag.body.data.follow).toMatchObject({ kind: 'tag', key: 'llm', label: 'LLM' });
      await put(reader, '/api/community/me/follows/source/src-techcrunch');
      await put(reader, '/api/community/me/follows/story/cl-openai-o5');
      // The same follow again (another spelling of the tag) is the same record: idempotent.
      const again = await put(reader, '/api/community/me/follows/tag/llm');
      expect(again.status).toBe(200);
      expect(again.body.data.follow).toEqual(tag.body.data.follow);

      const follows = await followsOf(reader);
      expect(follows.map((f: { kind: string; key: string }) => `${f.kind}:${f.key}`).sort()).toEqual(
        ['category:gen-ai', 'source:src-techcrunch', 'story:cl-openai-o5', 'tag:llm'].sort(),
      );
      expect(await followsOf(other)).toEqual([]);
    });

    it('replaces the label when given again and keeps it when not', async () => {
      await put(reader, '/api/community/me/follows/tag/rust', { label: '러스트' });
      expect((await put(reader, '/api/community/me/follows/tag/rust')).body.data.follow.label).toBe('러스트');
      expect(
        (await put(reader, '/api/community/me/follows/tag/rust', { label: 'Rust' })).body.data.follow.label,
      ).toBe('Rust');
    });

    it('unfollows: removed says whether there was one', async () => {
      await put(reader, '/api/community/me/follows/tag/go');
      expect((await del(reader, '/api/community/me/follows/tag/go')).body).toEqual({
        success: true,
        data: { removed: true },
      });
      expect((await del(reader, '/api/community/me/follows/tag/go')).body.data.removed).toBe(false);
      // Another identity cannot remove the reader's follow: it only ever names its own.
      expect((await del(other, '/api/community/me/follows/category/gen-ai')).body.data.removed).toBe(false);
      expect((await followsOf(reader)).some((f: { key: string }) => f.key === 'gen-ai')).toBe(true);
    });

    it('answers 400 naming the field for an unknown kind, category, label or extra field', async () => {
      const kind = await put(reader, '/api/community/me/follows/person/kim');
      expect(kind.status).toBe(400);
      expect(kind.body.message).toMatch(/kind/);
      const category = await put(reader, '/api/community/me/follows/category/sports');
      expect(category.status).toBe(400);
      expect(category.body.message).toMatch(/^key: /);
      const longTag = await put(reader, `/api/community/me/follows/tag/${'가'.repeat(31)}`);
      expect(longTag.status).toBe(400);
      expect(longTag.body.message).toMatch(/key/);
      const label = await put(reader, '/api/community/me/follows/tag/ai', { label: 'x'.repeat(101) });
      expect(label.status).toBe(400);
      expect(label.body.message).toMatch(/label/);
      const extra = await put(reader, '/api/community/me/follows/tag/ai', { userId: other.id });
      expect(extra.status).toBe(400);
      expect(extra.body.message).toMatch(/userId/);
    });

    it('caps the follows of one identity with a 409 in Korean', async () => {
      const busy = await app.signUp('많이팔로우');
      for (let i = 0; i < FOLLOWS_PER_IDENTITY; i += 1)
        expect((await put(busy, `/api/community/me/follows/tag/t${i}`)).status).toBe(200);
      const over = await put(busy, '/api/community/me/follows/tag/one-more');
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(TOO_MANY_FOLLOWS);
      // A follow already held is still answered (idempotent), and removing one makes room.
      expect((await put(busy, '/api/community/me/follows/tag/t0')).status).toBe(200);
      await del(busy, '/api/community/me/follows/tag/t0');
      expect((await put(busy, '/api/community/me/follows/tag/one-more')).status).toBe(200);
      // 500 follows in a row, each a durable write: seconds on a busy machine, past Jest's default 5 s.
    }, 60_000);
  });

  describe('bookmarks', () => {
    it('bookmarks all four kinds with the owner’s titles and links, newest first', async () => {
      const question = await app.request('POST', '/api/community/questions', {
        body: questionBody({ title: '북마크할 질문의 제목입니다 정말로' }),
        headers: other.bearer,
        ip: other.ip,
      });
      const questionId = question.body.data.id;
      expect(
        (await put(reader, '/api/community/me/bookmarks/article/art-1')).body.data.bookmark,
      ).toMatchObject({
        kind: 'article',
        id: 'art-1',
        title: '기사 art-1',
        url: '/article/art-1',
      });
      await put(reader, '/api/community/me/bookmarks/insight/ins-1');
      await put(reader, `/api/community/me/bookmarks/techAnalysis/${encodeURIComponent('쿠버네티스-입문')}`);
      await put(reader, `/api/community/me/bookmarks/question/${questionId}`);

      const all = (await app.get('/api/community/me/bookmarks', reader.bearer)).body.data;
      expect(all.nextCursor).toBeNull();
      expect(
        all.bookmarks.map((b: { kind: string; title: string; url: string }) => [b.kind, b.title, b.url]),
      ).toEqual(
        expect.arrayContaining([
          ['insight', '기사 ins-1', '/insights/ins-1'],
          ['techAnalysis', '쿠버네티스 입문', `/tech-analysis/${encodeURIComponent('쿠버네티스-입문')}`],
          ['question', '북마크할 질문의 제목입니다 정말로', `/community/questions/${questionId}`],
        ]),
      );
      // Items asked by kind and ids: which of them are bookmarked (a page of bookmark buttons asks once).
      const some = await app.get(
        '/api/community/me/bookmarks?kind=article&ids=art-1,nope,art-1',
        reader.bearer,
      );
      expect(some.body.data.bookmarks.map((b: { id: string }) => b.id)).toEqual(['art-1']);
      const none = await app.get('/api/community/me/bookmarks?kind=insight&ids=art-1', reader.bearer);
      expect(none.body.data.bookmarks).toEqual([]);
      const noKind = await app.get('/api/community/me/bookmarks?ids=art-1', reader.bearer);
      expect(noKind.status).toBe(400);
      expect(noKind.body.message).toMatch(/kind/);
      const tooMany = Array.from({ length: 51 }, (_, i) => `a${i}`).join(',');
      const many = await app.get(`/api/community/me/bookmarks?kind=article&ids=${tooMany}`, reader.bearer);
      expect(many.status).toBe(400);
      expect(many.body.message).toMatch(/ids/);
      const questions = await app.get('/api/community/me/bookmarks?kind=question', reader.bearer);
      expect(questions.body.data.bookmarks).toHaveLength(1);
      expect(questions.headers['cache-control']).toBe('private, no-store');
      // Nobody else sees them.
      expect((await app.get('/api/community/me/bookmarks', other.bearer)).body.data.bookmarks).toEqual([]);
    });

    it('is idempotent and ignores any title a client sends', async () => {
      const first = await put(reader, '/api/community/me/bookmarks/article/art-1');
      expect(first.status).toBe(200);
      const withTitle = await put(reader, '/api/community/me/bookmarks/article/art-1', {
        title: '가짜 제목',
      });
      expect(withTitle.body.data.bookmark).toEqual(first.body.data.bookmark);
      const articles = await app.get('/api/community/me/bookmarks?kind=article', reader.bearer);
      expect(articles.body.data.bookmarks).toHaveLength(1);
    });

    it('answers 404 for an item that does not exist or was withdrawn, 400 for a bad kind, id or cursor', async () => {
      expect((await put(reader, '/api/community/me/bookmarks/article/no-such')).status).toBe(404);
      expect((await put(reader, '/api/community/me/bookmarks/techAnalysis/no-such')).status).toBe(404);
      expect((await put(reader, '/api/community/me/bookmarks/question/no-such')).status).toBe(404);
      app.content.publish('art-gone');
      app.content.withdraw('art-gone');
      const gone = await put(reader, '/api/community/me/bookmarks/article/art-gone');
      expect(gone.status).toBe(404);
      expect(gone.body.message).toMatch(/^id: /);
      const kind = await put(reader, '/api/community/me/bookmarks/video/art-1');
      expect(kind.status).toBe(400);
      expect(kind.body.message).toMatch(/kind/);
      const cursor = await app.get('/api/community/me/bookmarks?cursor=bm90LWEtY3Vyc29y', reader.bearer);
      expect(cursor.status).toBe(400);
      expect(cursor.body.message).toMatch(/cursor/);
    });

    it('answers 503 while content cannot say, and bookmarks nothing', async () => {
      app.content.publish('art-later');
      app.content.fail(true);
      try {
        expect((await put(reader, '/api/community/me/bookmarks/article/art-later')).status).toBe(503);
      } finally {
        app.content.fail(false);
      }
      const kept = (await app.get('/api/community/me/bookmarks?kind=article', reader.bearer)).body.data
        .bookmarks;
      expect(kept.map((b: { id: string }) => b.id)).toEqual(['art-1']);
    });

    it('pages newest first by cursor', async () => {
      const pager = await app.signUp('페이지독자');
      for (let i = 0; i < 25; i += 1) {
        app.content.publish(`page-${i}`);
        await put(pager, `/api/community/me/bookmarks/article/page-${i}`);
      }
      const first = (await app.get('/api/community/me/bookmarks', pager.bearer)).body.data;
      expect(first.bookmarks).toHaveLength(20);
      const second = (await app.get(`/api/community/me/bookmarks?cursor=${first.nextCursor}`, pager.bearer))
        .body.data;
      expect(second.nextCursor).toBeNull();
      const ids = [...first.bookmarks, ...second.bookmarks].map((b: { id: string }) => b.id);
      expect(new Set(ids).size).toBe(25);
    });

    it('unbookmarks its own only', async () => {
      expect((await del(other, '/api/community/me/bookmarks/article/art-1')).body.data.removed).toBe(false);
      expect((await del(reader, '/api/community/me/bookmarks/article/art-1')).body.data.removed).toBe(true);
      expect(
        (await app.get('/api/community/me/bookmarks?kind=article', reader.bearer)).body.data.bookmarks,
      ).toEqual([]);
    });

    it('caps the bookmarks of one identity with a 409 in Korean', async () => {
      const hoarder = await app.signUp('북마크부자');
      await app.store.collection('community_bookmarks').insertMany(
        Array.from({ length: BOOKMARKS_PER_IDENTITY }, (_, i) => ({
          _id: `seed-${i}`,
          identityId: hoarder.id,
          kind: 'article',
          itemId: `seeded-${i}`,
          title: `기사 ${i}`,
          url: `/article/seeded-${i}`,
          createdAt: '2026-03-01T00:00:00.000Z',
        })),
      );
      const over = await put(hoarder, '/api/community/me/bookmarks/article/ins-1');
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(TOO_MANY_BOOKMARKS);
    });
  });

  describe('the identity and its credential', () => {
    const calls: Array<['GET' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/community/me/follows'],
      ['PUT', '/api/community/me/follows/tag/ai'],
      ['DELETE', '/api/community/me/follows/tag/ai'],
      ['GET', '/api/community/me/bookmarks'],
      ['PUT', '/api/community/me/bookmarks/article/art-1'],
      ['DELETE', '/api/community/me/bookmarks/article/art-1'],
    ];

    it.each(calls)('%s %s is 401 without a credential', async (method, url) => {
      const response = await app.request(method, url, method === 'PUT' ? { body: {} } : {});
      expect(response.status).toBe(401);
    });

    it('refuses a cookie write without its CSRF token (403) and takes it with one', async () => {
      const cookie = { cookie: reader.cookie };
      expect(
        (await app.request('PUT', '/api/community/me/follows/tag/csrf', { body: {}, headers: cookie }))
          .status,
      ).toBe(403);
      const withToken = await app.request('PUT', '/api/community/me/follows/tag/csrf', {
        body: {},
        headers: { ...cookie, 'x-csrf-token': reader.csrf },
      });
      expect(withToken.status).toBe(200);
      expect((await app.get('/api/community/me/follows', cookie)).status).toBe(200);
    });

    it('applies the vote limits to a script toggling follows (429)', async () => {
      const limited = await startCommunityTestApp({ env: { COMMUNITY_VOTES_PER_IDENTITY_MINUTE: '3' } });
      try {
        const script = await limited.signUp('스크립트');
        const statuses: number[] = [];
        for (let i = 0; i < 5; i += 1)
          statuses.push(
            (
              await limited.request('PUT', `/api/community/me/follows/tag/s${i}`, {
                body: {},
                headers: script.bearer,
              })
            ).status,
          );
        expect(statuses).toEqual([200, 200, 200, 429, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});
