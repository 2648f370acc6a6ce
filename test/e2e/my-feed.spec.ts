import type { CategoryPageResponse, OffsetPageResponse, SidebarDataResponse } from '@pulse/contracts';
import { feedListPaths } from '@pulse/frontend-shell/src/pages/home/my-feed/feed-paths';
import { rankFeed, type FeedFollow } from '@pulse/frontend-shell/src/pages/home/my-feed/rank-feed';
import { eventually } from '@pulse/testing/src/eventually';
import { startFixtureServer, type FixtureServer } from '@pulse/testing/src/fixture-server';
import type { Page } from '@playwright/test';
import { ADMIN_TOKEN, signInThroughDialog } from './support/community';
import { docsScreenshot } from './support/docs-screens';
import { expect, test } from './support/fixtures';
import { recordViews, type Site } from './support/site';

// No catalogue of real outlets (unreachable here): the one source is the fixture feed this spec adds.
test.use({
  siteOptions: {
    spec: 'my-feed',
    // Its feeds are fixture servers on this machine.
    env: { ADMIN_TOKEN, INGESTION_SEED_DEFAULT_SOURCES: 'false', INGESTION_ALLOW_PRIVATE_SOURCES: 'true' },
  },
});

const SOURCE_NAME = 'Fixture Wire';
const GEN_AI: FeedFollow = { kind: 'category', key: 'gen-ai' };
const READERS_PER_STEP = 6;
const MAX_READERS = 90;

/** What '내 피드' should show for `follows`: the same shared lists the page reads, ranked the same way. */
async function expectedFeed(site: Site, follows: FeedFollow[]) {
  const lists = await Promise.all(
    feedListPaths(follows).map((path) => site.api<OffsetPageResponse | CategoryPageResponse>(path)),
  );
  // The rank's order does not depend on the moment: every score decays by the same factor.
  return rankFeed(
    lists.map((list) => list.articles),
    follows,
    Date.now(),
  );
}

const expectedTitles = async (site: Site, follows: FeedFollow[]): Promise<string[]> =>
  (await expectedFeed(site, follows)).map((article) => article.title);

const feedTitles = (page: Page) =>
  page.getByRole('region', { name: '내 피드' }).getByRole('article').getByRole('heading', { level: 3 });

/**
 * '내 피드' (docs/site.md 'My feed'): a reader chooses a nickname from the tab, follows a category from the
 * empty state and sees its articles ranked; then drops it for a source and sees the feed change, after a
 * reload too.
 */
test.describe("'내 피드'", () => {
  let feeds: FixtureServer;
  let sourceId = '';
  let scored = { title: '', overtakes: '' };

  test.beforeAll(async ({ site, viewportName }) => {
    feeds = await startFixtureServer();
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const source = await site.api<{ id: string }>('/api/ingestion/sources', {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({
        name: SOURCE_NAME,
        sourceType: 'rss',
        url: `${feeds.url}/feeds/rss2.xml?for=my-feed-${viewportName}`,
        category: 'big-tech',
        allowPrivateNetwork: true,
      }),
    });
    sourceId = source.id;
    await site.api('/api/ingestion/runs', {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ sourceId }),
    });
    // Its stories published, and the source among the sidebar's, which the empty feed suggests.
    await eventually(
      async () => {
        const titles = await expectedTitles(site, [{ kind: 'source', key: sourceId }]);
        if (titles.length === 0) throw new Error('no article of the fixture source published yet');
        const { rssSources } = await site.api<SidebarDataResponse>('/api/sidebar-data');
        if (!rssSources.some((listed) => listed.id === sourceId))
          throw new Error('the fixture source is not in the sidebar yet');
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    // Trending scores one article of the category (a few readers), the one published closest after
    // another; the rest stay unscored. The feed then ranks it above that newer article: not by freshness.
    const byFreshness = await expectedFeed(site, [GEN_AI]);
    const gap = (index: number) =>
      Date.parse(byFreshness[index - 1]!.publishedAt) - Date.parse(byFreshness[index]!.publishedAt);
    const closest = byFreshness.reduce(
      (best, _, index) => (index > 0 && gap(index) < gap(best) ? index : best),
      1,
    );
    scored = { title: byFreshness[closest]!.title, overtakes: byFreshness[closest - 1]!.title };
    // More readers until trending's score outweighs the hours between them (each read adds a little).
    let readers = 0;
    await eventually(
      async () => {
        const titles = (await expectedFeed(site, [GEN_AI])).map((article) => article.title);
        if (titles.indexOf(scored.title) < titles.indexOf(scored.overtakes)) return;
        if (readers < MAX_READERS) {
          await recordViews(site, byFreshness[closest]!.id, READERS_PER_STEP);
          readers += READERS_PER_STEP;
        }
        throw new Error(`${readers} readers so far, and the read article is not ahead of the newer one yet`);
      },
      { timeoutMs: 90_000, intervalMs: 2_000 },
    );
  });

  test.afterAll(async () => {
    await feeds?.close();
  });

  test('choose a nickname, follow a category, then a source instead: the feed follows, after a reload too', async ({
    e2e,
    viewportName,
  }) => {
    const page = await e2e.open();
    await page.goto('/');
    const tabs = page.getByRole('tablist', { name: '홈 피드' });
    await expect(tabs.getByRole('tab', { name: '전체' })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: '내 피드' }).click();
    await expect(page).toHaveURL(/\/#mine$/);
    const feed = page.getByRole('region', { name: '내 피드' });

    // Signed out: the tab says why and offers the nickname dialog.
    await expect(feed.getByText('닉네임을 정하면 내 피드를 볼 수 있습니다')).toBeVisible();
    await feed.getByRole('button', { name: '닉네임 정하기' }).click();
    await signInThroughDialog(page, `피드독자${viewportName === 'desktop' ? 'D' : 'M'}`);

    // Nothing followed yet: categories and the source to follow.
    await expect(feed.getByText('아직 팔로우한 항목이 없습니다')).toBeVisible();
    await expect(
      feed
        .getByRole('region', { name: '인기 출처' })
        .getByRole('button', { name: `팔로우: ${SOURCE_NAME}`, pressed: false }),
    ).toBeVisible();
    await feed.getByRole('button', { name: '팔로우: 생성형 AI', pressed: false }).click();

    const genAi = await expectedTitles(e2e.site, [GEN_AI]);
    // Ranked, not by freshness alone: the article trending scored is ahead of the newer one it overtook.
    expect(genAi.indexOf(scored.title)).toBeLessThan(genAi.indexOf(scored.overtakes));
    await expect(feedTitles(page)).toHaveText(genAi);
    await docsScreenshot(page, `my-feed-${viewportName}.png`, 'docs/screens');

    // Unfollowed, the category's articles go; the source followed instead brings its own.
    await feed
      .getByRole('region', { name: '팔로우 중' })
      .getByRole('button', { name: '팔로우: 생성형 AI', pressed: true })
      .click();
    await expect(feed.getByText('아직 팔로우한 항목이 없습니다')).toBeVisible();
    await feed.getByRole('button', { name: `팔로우: ${SOURCE_NAME}`, pressed: false }).click();
    const bySource = await expectedTitles(e2e.site, [{ kind: 'source', key: sourceId }]);
    expect(bySource.length).toBeGreaterThan(0);
    expect(bySource).not.toEqual(genAi);
    await expect(feedTitles(page)).toHaveText(bySource);
    await expect(
      feed
        .getByRole('region', { name: '팔로우 중' })
        .getByRole('button', { name: `팔로우: ${SOURCE_NAME}`, pressed: true }),
    ).toBeVisible();

    // The tab and the follows are kept: the reload opens on the same feed.
    await page.reload();
    await expect(page.getByRole('tab', { name: '내 피드' })).toHaveAttribute('aria-selected', 'true');
    await expect(feedTitles(page)).toHaveText(bySource);
  });
});
