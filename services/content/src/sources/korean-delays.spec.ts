import { TOPICS, type SourcesResponse, type SourceUpdatedPayload } from '@pulse/contracts';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';
import { median } from './korean-delays';

const NOW = Date.parse('2026-03-10T03:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const sourceEvent = (id: string): SourceUpdatedPayload => ({
  id,
  name: `Source ${id}`,
  description: '',
  sourceType: 'rss',
  url: `https://${id}.example.com/feed.xml`,
  imageUrl: null,
  enabled: true,
  updatedAt: '2026-03-01T00:00:00.000Z',
});

let story = 0;
/** A story from `sourceId`, published by the source `minutes` before its Korean version went live at `koreanAt`. */
const storyOf = (sourceId: string, minutes: number | null, koreanAt = ago(DAY)) => {
  story += 1;
  const url = `https://${sourceId}.example.com/story-${story}`;
  const publishedAt =
    minutes === null ? null : new Date(Date.parse(koreanAt) - minutes * MINUTE).toISOString();
  return translatedArticle({
    articleId: `delay-${story}`,
    sources: [
      { sourceId, sourceName: sourceId, url, canonicalUrl: url, title: 'A story', author: null, publishedAt },
    ],
    translatedAt: koreanAt,
  });
};

describe('sources page: median time from the source to Korean over the last week', () => {
  let t: ContentTestApp;

  beforeAll(async () => {
    t = await startContentTestApp({ clock: testClock(NOW) });
    for (const id of ['fast', 'even', 'quiet', 'stale'])
      await t.send(TOPICS.sourceUpdated, sourceEvent(id), 'ingestion');
    for (const minutes of [10, 30, 2000]) await t.translated(storyOf('fast', minutes));
    // A feed clock ahead of ours (published "after" the Korean version) is left out.
    await t.translated(storyOf('fast', -90));
    for (const minutes of [60, 120, 180, 300]) await t.translated(storyOf('even', minutes));
    // A story without a source date, a pending English stand-in and a held translation do not count.
    await t.translated(storyOf('quiet', null));
    await t.translated({ ...storyOf('quiet', 5), translationStatus: 'pending', model: null, usage: null });
    await t.translated({ ...storyOf('quiet', 5), translationStatus: 'held' });
    // Korean for more than a week: outside the window.
    await t.translated(storyOf('stale', 15, ago(8 * DAY)));
  }, 60_000);
  afterAll(() => t.close());

  it('answers each source’s median in minutes, null where the week has no story with both times', async () => {
    const response = await t.get<SourcesResponse>('/api/sources');
    expect(response.status).toBe(200);
    const medians = Object.fromEntries(
      response.body.sources.map((source) => [source.id, source.medianMinutesToKorean]),
    );
    expect(medians).toEqual({ fast: 30, even: 150, quiet: null, stale: null });
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
