import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ArticleDetailResponse, SearchResponse, StoryResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing/src/eventually';
import type { ViewportName } from '../support/browser';
import { tagOf } from './support/assistant';
import { ADMIN_TOKEN } from './support/community';
import { expect, test } from './support/fixtures';

test.use({
  siteOptions: {
    spec: 'story',
    env: {
      ADMIN_TOKEN,
      INGESTION_SEED_DEFAULT_SOURCES: 'false',
      INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
      // Its feeds are fixture servers on this machine.
      INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
    },
  },
});

const SITES = ['a', 'b', 'c'] as const;
type Wire = (typeof SITES)[number];

/** A story per width, told by three sites an hour apart (a first, c last); the two stories share no words. */
const STORIES = {
  desktop: {
    company: 'Orbitgrid',
    titles: {
      a: 'Orbitgrid raises $400 million to build solar satellites beaming power to Earth',
      b: 'Orbitgrid raises $400M for solar satellites that beam power down to Earth',
      c: 'Solar satellite startup Orbitgrid raises $400 million to beam power to Earth',
    },
    lead: 'Orbitgrid raised $400 million on Wednesday to build solar satellites that beam power to ground stations on Earth, with a first launch planned for next year.',
  },
  mobile: {
    company: 'Tidemill',
    titles: {
      a: 'Tidemill opens tidal turbine plant in Ulsan to supply coastal data centers',
      b: 'Tidemill opens its Ulsan tidal turbine plant to power coastal data centers',
      c: 'Tidal energy firm Tidemill opens Ulsan turbine plant for coastal data centers',
    },
    lead: 'Tidemill opened a tidal turbine plant in Ulsan on Thursday that will supply electricity to coastal data centers, starting with two hyperscale campuses next year.',
  },
} as const;

/** How many hours before now each site published the story: the timeline reads c, b, a. */
const HOURS_AGO: Record<Wire, number> = { a: 3, b: 2, c: 1 };

const sourceName = (viewport: ViewportName, wire: Wire) =>
  `Story Wire ${wire.toUpperCase()} ${tagOf(viewport)}`;

/** One RSS item: the viewport's story as site `wire` tells it (near-duplicates, different URLs). */
function storyFeed(viewport: ViewportName, wire: Wire): string {
  const story = STORIES[viewport];
  const link = `https://wire-${wire}.example/${story.company.toLowerCase()}-${viewport}`;
  const published = new Date(Date.now() - HOURS_AGO[wire] * 3_600_000).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Story Wire ${wire.toUpperCase()}</title><link>https://wire-${wire}.example/</link><description>fixture</description>
<item><title>${story.titles[wire]}</title><link>${link}</link><guid>${link}</guid><pubDate>${published}</pubDate>
<description>${story.lead}</description></item></channel></rss>`;
}

/**
 * A story page (docs/site.md): three sites publish one story, ingestion clusters it into one story through
 * its real path (sources added and run by the admin API), and a reader goes from the article to the story by
 * '이 소식의 전체 흐름'.
 */
test.describe('a story page with articles from three sources', () => {
  let feeds: Server;
  let feedBase = '';
  test.beforeAll(async () => {
    feeds = createServer((req, res) => {
      const [, viewport, file] = (req.url ?? '').split('/');
      const wire = SITES.find((site) => file === `${site}.xml`) ?? 'a';
      res
        .writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' })
        .end(storyFeed(viewport === 'mobile' ? 'mobile' : 'desktop', wire));
    });
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
    feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => (feeds ? feeds.close(() => resolve()) : resolve())));

  test('is reached from an article, names the three sources newest first, and titles the tab', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const addAndRun = async (wire: Wire) => {
      const source = await e2e.site.api<{ id: string }>('/api/ingestion/sources', {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          name: sourceName(viewport, wire),
          description: 'e2e story feed',
          sourceType: 'rss',
          url: `${feedBase}/${viewport}/${wire}.xml`,
          category: 'gen-ai',
          allowPrivateNetwork: true,
        }),
      });
      await e2e.site.api('/api/ingestion/runs', {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ sourceId: source.id }),
      });
    };
    const company = STORIES[viewport].company;
    await addAndRun('a');
    const found = await eventually(
      async () => {
        const result = await e2e.site.api<SearchResponse>(`/api/articles/search?q=${company}`);
        if (result.articles.length !== 1) throw new Error(`found ${result.articles.length}`);
        return result.articles[0];
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const { article } = await e2e.site.api<ArticleDetailResponse>(`/api/articles/${found.id}`);
    expect(article.storyId).toBeTruthy();
    await addAndRun('b');
    await addAndRun('c');
    const story = await eventually(
      async () => {
        const { story } = await e2e.site.api<StoryResponse>(`/api/stories/${article.storyId}`);
        if (story.entries.length !== 3) throw new Error(`${story.entries.length} entries`);
        return story;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );

    const page = await e2e.open();
    await page.goto(`/article/${found.id}`);
    await page.getByRole('link', { name: '이 소식의 전체 흐름' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/story/${story.id}`);
    await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
    await expect(page).toHaveTitle(`${story.title} - 전체 흐름 | 펄스`);

    const timeline = page.getByRole('list', { name: '보도 타임라인 (최신순)' });
    await expect(timeline.locator('.story-timeline__source')).toHaveText([
      sourceName(viewport, 'c'),
      sourceName(viewport, 'b'),
      sourceName(viewport, 'a'),
    ]);
    await expect(timeline.getByRole('listitem').first().locator('time')).toHaveAttribute(
      'datetime',
      story.entries[0].publishedAt,
    );
    await expect(page.getByText('매체 3곳 · 기사 1건')).toBeVisible();
    // Each entry links to our article and to the source's own page.
    await expect(timeline.getByRole('link', { name: story.entries[0].title }).first()).toHaveAttribute(
      'href',
      `/news/${found.id}`,
    );
    await expect(timeline.getByRole('link', { name: /원문 보기/ })).toHaveCount(3);
    await expect(page.getByRole('heading', { name: '이 소식에 대한 커뮤니티 질문' })).toBeVisible();

    // Loaded as a document, the story page is the same, and its head is the one the tab showed.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
    await expect(page).toHaveTitle(`${story.title} - 전체 흐름 | 펄스`);
    await expect(timeline.locator('.story-timeline__source')).toHaveCount(3);
  });
});
