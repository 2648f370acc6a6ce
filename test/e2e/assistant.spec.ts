import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SearchResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing/src/eventually';
import { scrollToDeferred, type ViewportName } from '../support/browser';
import { askAssistant, openAssistant, tagOf } from './support/assistant';
import { ADMIN_TOKEN, signInThroughDialog, UNAVAILABLE } from './support/community';
import { expect, test } from './support/fixtures';

test.use({
  siteOptions: {
    spec: 'assistant',
    env: {
      ADMIN_TOKEN,
      INGESTION_SEED_DEFAULT_SOURCES: 'false',
      INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
      // Its feeds are fixture servers on this machine.
      INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
    },
  },
});

/**
 * In Chromium (services/community/README.md 'The assistant'): search-only mode without an LLM (the assistant with one:
 * assistant-llm.spec.ts), and a question that follows its story (ask about an article → a new source joins
 * the story → the asker's bell).
 */
test.describe('AI assistant without an LLM, and questions that follow a story', () => {
  let feeds: Server;
  let feedBase = '';
  test.beforeAll(async () => {
    feeds = createServer((req, res) => {
      const [, story, file] = (req.url ?? '').split('/');
      const item = storyItem(story === 'mobile' ? 'mobile' : 'desktop', file === 'b.xml' ? 'b' : 'a');
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(item);
    });
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
    feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => (feeds ? feeds.close(() => resolve()) : resolve())));

  test('answers in search-only mode with the passages and their links', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const article = e2e.site.corpus[1];
    const page = await e2e.open();
    await page.goto(`/article/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await askAssistant(page, `검색전용독자${tagOf(viewport)}`, article.title);
    const panel = page.locator('.assistant-panel');
    await expect(
      panel.locator('.assistant-message--assistant').getByText('검색 전용 모드로 동작합니다'),
    ).toBeVisible();
    await expect(panel.locator('.assistant-message__badge')).toHaveText('검색 전용 모드', {
      useInnerText: true,
    });

    const source = panel.locator('.assistant-message__sources a').first();
    await expect(source).toBeVisible();
    await expect(source).toHaveAttribute('href', /^\/article\/[A-Za-z0-9_-]+$/);
  });

  test('a session that cannot open and a question the server refuses: said, the question kept, then answered', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const article = e2e.site.corpus[2];
    const page = await e2e.open();
    let failing: 'session' | 'message' | null = 'session';
    await page.route('**/api/community/assistant/sessions', (route) =>
      failing === 'session' ? route.fulfill(UNAVAILABLE) : route.continue(),
    );
    await page.route('**/api/community/assistant/sessions/*/messages', (route) =>
      failing === 'message' && route.request().method() === 'POST'
        ? route.fulfill(UNAVAILABLE)
        : route.continue(),
    );
    await page.goto(`/article/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await openAssistant(page, `실패도우미${tagOf(viewport)}`);
    const panel = page.locator('.assistant-panel');
    const alert = panel.getByRole('alert');
    await expect(alert.getByText('답변을 받지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeVisible();
    const send = panel.getByRole('button', { name: '보내기' });
    await expect(send).toBeDisabled();

    // Closed and opened again, the panel opens its session anew.
    failing = null;
    await page.getByRole('button', { name: '닫기' }).click();
    await page.getByRole('button', { name: 'AI 도우미에게 묻기' }).click();
    await expect(panel.locator('.assistant-panel__empty')).toBeVisible();
    await expect(alert).toHaveCount(0);

    failing = 'message';
    const input = panel.getByRole('textbox', { name: 'AI 도우미에게 보낼 질문' });
    await input.fill(article.title);
    await input.press('Enter');
    await expect(alert.getByText('점검 중입니다.')).toBeVisible();
    await expect(input).toHaveValue(article.title);
    await expect(panel.locator('.assistant-message')).toHaveCount(0);

    failing = null;
    await send.click();
    await expect(
      panel.locator('.assistant-message--assistant').getByText('검색 전용 모드로 동작합니다'),
    ).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expect(input).toHaveValue('');
  });

  test('asks about an article; when another source joins its story the asker sees the notice', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const story = STORIES[viewport];
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const addAndRun = async (file: string, name: string) => {
      const source = await e2e.site.api<{ id: string }>('/api/ingestion/sources', {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          name,
          description: 'e2e story feed',
          sourceType: 'rss',
          url: `${feedBase}/${viewport}/${file}`,
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
    await addAndRun('a.xml', `Story Wire A ${tagOf(viewport)}`);
    const found = await eventually(
      async () => {
        const result = await e2e.site.api<SearchResponse>(
          `/api/articles/search?q=${encodeURIComponent(story.company)}`,
        );
        if (result.articles.length !== 1) throw new Error(`found ${result.articles.length}`);
        return result.articles[0];
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );

    const page = await e2e.open();
    await page.goto(`/article/${found.id}`);
    await scrollToDeferred(page, 'discussion');
    await page.getByRole('link', { name: '이 기사에 대해 질문하기' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/community/qa/ask');
    const title = story.question;
    await page.getByRole('textbox', { name: '제목' }).fill(title);
    await page.getByRole('combobox', { name: '카테고리' }).selectOption('gen-ai');
    await page
      .locator('textarea')
      .first()
      .fill('이 소식의 후속 보도가 나오면 알고 싶습니다. 출시 일정이 궁금합니다.');
    await page.getByRole('button', { name: '질문 등록' }).click();
    // The dialog runs the held action once the nickname is set: the question is posted.
    await signInThroughDialog(page, `후속궁금${tagOf(viewport)}`, '질문을 올리려면 닉네임을 설정해주세요.');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The article's page lists the question under its story.
    await page.goto(`/article/${found.id}`);
    await scrollToDeferred(page, 'discussion');
    await expect(page.locator('.story-questions').getByRole('link', { name: title })).toBeVisible();

    // Another source carries the same story: ingestion joins it, the article gains a source.
    await addAndRun('b.xml', `Story Wire B ${tagOf(viewport)}`);
    await expect(async () => {
      await page.reload();
      const bell = page.getByRole('button', { name: /알림 1개 읽지 않음/ });
      await bell.waitFor({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await page.getByRole('button', { name: /알림 1개 읽지 않음/ }).click();
    const notice = page.getByRole('link', { name: /질문하신 소식에 새 기사가 올라왔습니다/ });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('href', `/article/${found.id}`);
  });
});

/** A story per width, each told by two sites; the two stories share no words, so they never join. */
const STORIES = {
  desktop: {
    company: 'Quasar',
    question: 'Quasar 칩 발표는 언제 나오나요 궁금합니다',
    titles: {
      a: 'Quasar Labs unveils Q9 inference chip with half the power draw',
      b: 'Quasar Labs unveils its Q9 inference chip, halving power draw',
    },
    links: { a: 'https://wire-a.example/quasar-q9', b: 'https://wire-b.example/news/quasar-q9-chip' },
    lead: 'Quasar Labs unveiled the Q9 inference chip on Monday, saying it halves the power draw of data center inference while doubling throughput for large language models.',
  },
  mobile: {
    company: 'Helixworks',
    question: 'Helixworks 로봇 공장 소식의 후속이 궁금합니다',
    titles: {
      a: 'Helixworks opens humanoid robot factory in Busan to build ten thousand units yearly',
      b: 'Helixworks opens its Busan humanoid robot factory, ten thousand units a year',
    },
    links: {
      a: 'https://wire-a.example/helixworks-busan',
      b: 'https://wire-b.example/news/helixworks-busan-factory',
    },
    lead: 'Helixworks opened a humanoid robot factory in Busan on Tuesday, where it plans to assemble ten thousand warehouse robots every year starting next spring.',
  },
} as const;

/** One RSS item per feed: a story told by two sites (near-duplicates, different URLs). */
function storyItem(viewport: ViewportName, site: 'a' | 'b'): string {
  const story = STORIES[viewport];
  const title = story.titles[site];
  const link = story.links[site];
  const lead = story.lead;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Story Wire ${site.toUpperCase()}</title><link>https://wire-${site}.example/</link><description>fixture</description>
<item><title>${title}</title><link>${link}</link><guid>${link}</guid><pubDate>${new Date().toUTCString()}</pubDate>
<description>${lead}</description></item></channel></rss>`;
}
