import {
  ARTICLE_LISTS_TAG,
  articleTag,
  CACHE_TAG_HEADER,
  parsePurge,
  PURGE_CHANNEL,
  storyTag,
  type ArticleDetailResponse,
} from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { reader } from '../../testing/engagement/engagement.fixture';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';

/**
 * Content names what each public answer shows (cache-tag) and purges those tags when they change, so the
 * gateway's micro-cache drops them (gateway/src/proxy/micro-cache.ts).
 */
describe('content service: cache tags and purges for the gateway', () => {
  let content: ContentTestApp;
  /** A store of this process: embedded pub/sub reaches every store in it, as Redis reaches every client. */
  const listener = new MemoryCacheStore();
  const purged: string[][] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    content = await startContentTestApp();
    stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
    await content.translated(translatedArticle({ articleId: 'tag1' }));
  }, 60_000);

  afterAll(async () => {
    await stop();
    await listener.close();
    await content.close();
  });

  it('tags the detail with its article and the lists with the lists tag', async () => {
    const detail = await content.get<ArticleDetailResponse>('/api/articles/tag1');
    expect(detail.status).toBe(200);
    expect(detail.headers[CACHE_TAG_HEADER]).toBe(articleTag('tag1'));
    for (const path of ['/api/content/news', '/api/content/insights', '/api/articles/archive']) {
      const list = await content.get(path);
      expect([path, list.status, list.headers[CACHE_TAG_HEADER]]).toEqual([path, 200, ARTICLE_LISTS_TAG]);
    }
    // An unknown id answers 404 with no tag: nothing to purge, nothing cached.
    const missing = await content.get('/api/articles/none-such');
    expect([missing.status, missing.headers[CACHE_TAG_HEADER]]).toEqual([404, undefined]);
    // Not even in content's own cache: a miss read while the article was being published could be
    // written after the publish dropped the key, and would answer 404 for the entry's 5 minutes.
    await expect(content.cache.get('content:article:none-such')).resolves.toBeUndefined();
  });

  it('purges the lists, the article and its story when it is published, and the article alone when it is liked', async () => {
    await content.translated(translatedArticle({ articleId: 'tag2', clusterId: 'story-of-tag2' }));
    const published = [articleTag('tag2'), ARTICLE_LISTS_TAG, storyTag('story-of-tag2')];
    await eventually(async () => expect(purged).toContainEqual(published));
    purged.length = 0;
    const like = await reader(content).call('POST', '/api/interactions/like', {
      contentId: 'tag2',
      contentType: 'article',
    });
    expect(like.status).toBe(200);
    await eventually(async () => expect(purged).toContainEqual([articleTag('tag2')]));
    expect(purged).not.toContainEqual(published);
  });
});
