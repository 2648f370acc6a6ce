import { articleCommentsTag, CACHE_TAG_HEADER, parsePurge, PURGE_CHANNEL } from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import {
  ADMIN_TOKEN,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/**
 * An article's threads are the same bytes for every reader, named by the article's comments tag, and every
 * write that changes them purges it, so the gateway's micro-cache and documents drop their copies.
 */
describe('community service: comment thread cache tags and purges for the gateway', () => {
  let app: CommunityTestApp;
  let writer: TestIdentity;
  let reader: TestIdentity;
  const listener = new MemoryCacheStore();
  const purged: string[][] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    app = await startCommunityTestApp();
    writer = await app.signUp('태그댓글작성');
    reader = await app.signUp('태그댓글독자');
    app.content.publish('purge-art');
    stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
  }, 60_000);

  afterAll(async () => {
    await stop();
    await listener.close();
    await app.close();
  });

  /** Runs `write` and waits for its purge to be the one just received. */
  const purgeOf = async (write: () => Promise<{ status: number }>, status = 200) => {
    purged.length = 0;
    expect((await write()).status).toBe(status);
    return eventually(async () => {
      expect(purged).toHaveLength(1);
      return purged[0];
    });
  };
  const send = (method: 'POST' | 'PATCH' | 'DELETE', path: string, who: TestIdentity, body?: unknown) => () =>
    app.request(method, path, { body, headers: who.bearer });

  it('answers the same public bytes to every reader, tagged with the article', async () => {
    await send('POST', '/api/community/articles/purge-art/comments', writer, { content: '태그 시험 댓글' })();
    // Delivered on a later turn: let the comment's purge in, so the next test counts only its own.
    await eventually(async () => expect(purged).toContainEqual([articleCommentsTag('purge-art')]));
    const path = '/api/community/articles/purge-art/comments';
    const anonymous = await app.get(path);
    const signedIn = await app.get(path, reader.bearer);
    expect([anonymous.status, anonymous.headers[CACHE_TAG_HEADER]]).toEqual([
      200,
      articleCommentsTag('purge-art'),
    ]);
    expect(anonymous.headers['cache-control']).toBeUndefined();
    expect(signedIn.body).toEqual(anonymous.body);
  });

  it('purges the article’s threads on a comment, reply, edit, reaction, moderation move and delete', async () => {
    const tag = [articleCommentsTag('purge-art')];
    const comments = '/api/community/articles/purge-art/comments';
    let id = '';
    expect(
      await purgeOf(async () => {
        const created = await send('POST', comments, writer, { content: '퍼지 시험 댓글입니다' })();
        id = created.body.data.id;
        return created;
      }, 201),
    ).toEqual(tag);
    expect(
      await purgeOf(send('POST', `/api/community/comments/${id}/replies`, reader, { content: '답글' }), 201),
    ).toEqual(tag);
    expect(
      await purgeOf(send('PATCH', `/api/community/comments/${id}`, writer, { content: '고친 댓글' })),
    ).toEqual(tag);
    expect(
      await purgeOf(send('POST', `/api/community/comments/${id}/vote`, reader, { voteType: 'like' })),
    ).toEqual(tag);
    const hide = () => app.request('POST', `/api/community/admin/comments/${id}/hide`, { headers: admin });
    expect(await purgeOf(hide)).toEqual(tag);
    const restore = () =>
      app.request('POST', `/api/community/admin/comments/${id}/restore`, { headers: admin });
    expect(await purgeOf(restore)).toEqual(tag);
    expect(await purgeOf(send('DELETE', `/api/community/comments/${id}`, writer))).toEqual(tag);
  });
});
