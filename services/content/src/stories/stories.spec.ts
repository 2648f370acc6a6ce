import {
  ARTICLE_LISTS_TAG,
  articleTag,
  CACHE_TAG_HEADER,
  parsePurge,
  PURGE_CHANNEL,
  storyTag,
  type ArticleDetailResponse,
  type ArticleTranslatedPayload,
  type StoryResponse,
} from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';
import { ArticleChanges } from '../articles/article-changes';
import { ArticlesRepository } from '../articles/articles.repository';
import { STORY_NOT_FOUND } from './stories.service';

/** One source of a story, as ingestion lists it on article.translated. */
const source = (id: string, name: string, publishedAt: string | null) => ({
  sourceId: id,
  sourceName: name,
  url: `https://${id}.example/story`,
  canonicalUrl: `https://${id}.example/story`,
  title: `${name} on the chip deal`,
  author: null,
  publishedAt,
});

const storyArticle = (overrides: Partial<ArticleTranslatedPayload>) =>
  translatedArticle({ clusterId: 'chip-deal', ...overrides });

/**
 * GET /api/stories/:id: every published article of a story across its sources, newest first; 404 once none
 * is published; tagged with the story, which any change of one of its articles purges.
 */
describe('content service: story timelines', () => {
  let content: ContentTestApp;
  const listener = new MemoryCacheStore();
  const purged: string[][] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    content = await startContentTestApp();
    stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
    // The first article of the story, clustered from two sources; a second article of it from a third.
    await content.translated(
      storyArticle({
        articleId: 'chip-first',
        title: '엔비디아, 반도체 기업 인수 합의',
        translatedAt: '2026-03-01T01:00:00.000Z',
        sources: [
          source('wire', 'Wire', '2026-03-01T00:00:00.000Z'),
          source('daily', 'Daily Tech', '2026-03-01T06:00:00.000Z'),
        ],
      }),
    );
    await content.translated(
      storyArticle({
        articleId: 'chip-second',
        title: '엔비디아 인수, 규제 당국 검토 착수',
        translatedAt: '2026-03-01T04:00:00.000Z',
        sources: [source('ledger', 'Ledger', '2026-03-01T03:00:00.000Z')],
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await stop();
    await listener.close();
    await content.close();
  });

  const story = (id: string) => content.get<StoryResponse>(`/api/stories/${id}`);

  it('lists every source of every article newest first, named by its first article', async () => {
    const { status, body, headers } = await story('chip-deal');
    expect(status).toBe(200);
    expect(headers[CACHE_TAG_HEADER]).toBe(storyTag('chip-deal'));
    expect(body.story).toMatchObject({
      id: 'chip-deal',
      title: '엔비디아, 반도체 기업 인수 합의',
      firstSeenAt: '2026-03-01T00:00:00.000Z',
      articleCount: 2,
      sourceCount: 3,
    });
    expect(
      body.story.entries.map((entry) => [entry.sourceName, entry.publishedAt, entry.articlePath]),
    ).toEqual([
      ['Daily Tech', '2026-03-01T06:00:00.000Z', '/news/chip-first'],
      ['Ledger', '2026-03-01T03:00:00.000Z', '/news/chip-second'],
      ['Wire', '2026-03-01T00:00:00.000Z', '/news/chip-first'],
    ]);
    expect(body.story.entries[1]).toEqual({
      articleId: 'chip-second',
      articleType: 'news',
      articlePath: '/news/chip-second',
      title: '엔비디아 인수, 규제 당국 검토 착수',
      summary: '오픈AI가 새로운 추론 모델을 공개했다.',
      sourceName: 'Ledger',
      sourceUrl: 'https://ledger.example/story',
      sourceTitle: 'Ledger on the chip deal',
      publishedAt: '2026-03-01T03:00:00.000Z',
    });
  });

  it('places a source without a date at its article’s publication', async () => {
    await content.translated(
      storyArticle({
        articleId: 'undated-only',
        clusterId: 'undated',
        translatedAt: '2026-03-02T05:00:00.000Z',
        sources: [source('quiet', 'Quiet', null)],
      }),
    );
    const { body } = await story('undated');
    expect(body.story.entries.map((entry) => entry.publishedAt)).toEqual(['2026-03-02T05:00:00.000Z']);
  });

  it('tells the article page its story', async () => {
    const detail = await content.get<ArticleDetailResponse>('/api/articles/chip-second');
    expect(detail.body.article.storyId).toBe('chip-deal');
  });

  it('leaves out an article held for review', async () => {
    await content.translated(
      storyArticle({
        articleId: 'chip-held',
        translationStatus: 'held',
        sources: [source('rumour', 'Rumour Mill', '2026-03-01T09:00:00.000Z')],
      }),
    );
    const { body } = await story('chip-deal');
    expect(body.story.articleCount).toBe(2);
    expect(body.story.entries.map((entry) => entry.sourceName)).not.toContain('Rumour Mill');
  });

  it('purges the story with the article when an article of it is published', async () => {
    purged.length = 0;
    await content.translated(
      storyArticle({
        articleId: 'chip-third',
        translatedAt: '2026-03-01T08:00:00.000Z',
        sources: [source('briefing', 'Briefing', '2026-03-01T07:00:00.000Z')],
      }),
    );
    await eventually(async () =>
      expect(purged).toContainEqual([articleTag('chip-third'), ARTICLE_LISTS_TAG, storyTag('chip-deal')]),
    );
    const { body } = await story('chip-deal');
    expect(body.story.entries[0].sourceName).toBe('Briefing');
  });

  it('answers 404 in Korean, untagged, once every article of the story is withdrawn', async () => {
    // No reader-facing path withdraws a clustered article today; the state exists, and the story must drop it.
    const articles = content.app.get(ArticlesRepository);
    const changes = content.app.get(ArticleChanges);
    await content.translated(
      storyArticle({ articleId: 'gone-one', clusterId: 'gone', sources: [source('wire', 'Wire', null)] }),
    );
    expect((await story('gone')).status).toBe(200);
    const record = (await articles.findById('gone-one'))!;
    purged.length = 0;
    expect(
      await articles.updateIfUnchanged(
        record._id,
        { state: 'published' },
        { state: 'withdrawn', updatedAt: '2026-03-03T00:00:00.000Z' },
      ),
    ).toBe(true);
    await changes.changed({ ...record, state: 'withdrawn' });
    await eventually(async () =>
      expect(purged).toContainEqual([articleTag('gone-one'), ARTICLE_LISTS_TAG, storyTag('gone')]),
    );

    const gone = await story('gone');
    expect([gone.status, gone.headers[CACHE_TAG_HEADER]]).toEqual([404, undefined]);
    expect(gone.body).toMatchObject({ message: STORY_NOT_FOUND });
    const unknown = await story('never-clustered');
    expect([unknown.status, unknown.body]).toMatchObject([404, { message: STORY_NOT_FOUND }]);
  });

  it('answers 400 naming the id for a malformed one', async () => {
    const malformed = await story('not%20an%20id!');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('id must be');
  });
});
