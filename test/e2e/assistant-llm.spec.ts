import {
  openAiReply,
  startOpenAiTestServer,
  type OpenAiTestServer,
} from '@pulse/testing/src/openai-test-server';
import { askAssistant, tagOf } from './support/assistant';
import { expect, test as e2eTest } from './support/fixtures';

/**
 * In Chromium (services/community/README.md 'The assistant'): the assistant streaming an answer with citations against the
 * OpenAI-compatible test server, which the site is started with (one per worker, as the site is).
 */
const test = e2eTest.extend<object, { llm: OpenAiTestServer }>({
  llm: [
    async ({}, use) => {
      const llm = await startOpenAiTestServer();
      try {
        await use(llm);
      } finally {
        await llm.close();
      }
    },
    { scope: 'worker' },
  ],
  siteOptions: [
    async ({ llm }, use) =>
      use({
        spec: 'assistant-llm',
        env: {
          LLM_BASE_URL: llm.baseUrl,
          LLM_MODEL: 'pulse-test-model',
          INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
        },
      }),
    { scope: 'worker' },
  ],
});

test.describe('AI assistant with an LLM (OpenAI-compatible test server)', () => {
  test('streams an answer on an article page and links the cited article', async ({
    e2e,
    llm,
    viewportName: viewport,
  }) => {
    const article = e2e.site.corpus[0];
    // A model that answers in two pieces, the second well after the first, citing source [1].
    llm.enqueue(
      openAiReply.computed(() =>
        openAiReply.streamed(
          ['이 기사에 따르면 핵심은 이렇습니다 [1]. ', '자세한 내용은 기사를 참고하세요.'],
          1_500,
        ),
      ),
    );
    const page = await e2e.open();
    await page.goto(`/article/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await askAssistant(page, `스트리밍독자${tagOf(viewport)}`, '이 기사 요약해줘');

    const panel = page.locator('.assistant-panel');
    // The first piece is on screen while the answer is still being written.
    await expect(panel.getByText('이 기사에 따르면 핵심은 이렇습니다')).toBeVisible();
    await expect(panel.getByRole('button', { name: '답변 중…' })).toHaveCount(1);
    const citation = panel.getByRole('link', { name: `출처 1: ${article.title}` });
    await citation.waitFor({ timeout: 10_000 });
    await expect(citation).toHaveAttribute('href', `/article/${article.id}`);
    await expect(
      panel.locator('.assistant-message--assistant').getByText('자세한 내용은 기사를 참고하세요.'),
    ).toBeVisible();
    expect(llm.requests.at(-1)?.body.stream).toBe(true);
    expect(JSON.stringify(llm.requests.at(-1)?.body.messages)).toContain(article.title);
  });
});
