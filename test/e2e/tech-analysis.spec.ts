import {
  TECHNOLOGY_CATEGORIES,
  type TechAnalysisDetailResponse,
  type TechAnalysisListResponse,
} from '@pulse/contracts';
import type { Page } from '@playwright/test';
import { koreanDate } from './support/site';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'tech-analysis' } });

const DIFFICULTY = { beginner: '초급', intermediate: '중급', advanced: '고급' } as const;
const label = (category: string) => TECHNOLOGY_CATEGORIES.find((c) => c.value === category)!.label;

/** The tech-analysis remote, /tech-analysis and /tech-analysis/{slug} (docs/spec-content.md §2, §4, §8). */
test.describe('tech analysis (tech-analysis remote)', () => {
  let list: TechAnalysisListResponse['analyses'];

  test.beforeAll(async ({ site }) => {
    list = (await site.api<TechAnalysisListResponse>('/api/tech-analysis?page=1&limit=9&lang=ko')).analyses;
  });

  test('/tech-analysis: all + 8 category buttons, cards linking to the detail, a category filter in the URL', async ({
    e2e,
  }) => {
    const page = await e2e.open();
    const calls: string[] = [];
    page.on(
      'request',
      (r) => new URL(r.url()).pathname === '/api/tech-analysis' && calls.push(new URL(r.url()).search),
    );
    await page.goto('/tech-analysis');
    await expect(page.getByRole('heading', { level: 1, name: '기술 분석' })).toBeVisible();
    const buttons = page.getByRole('group', { name: '기술 카테고리' }).getByRole('button');
    expect(await buttons.allInnerTexts()).toEqual(['전체', ...TECHNOLOGY_CATEGORIES.map((c) => c.label)]);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(list.length);
    const first = list[0];
    const card = cards.first();
    await expect(card.getByRole('link')).toHaveAttribute('href', `/tech-analysis/${first.slug}`);
    await expect(card).toHaveText(
      [
        label(first.technologyCategory),
        DIFFICULTY[first.difficultyLevel],
        first.technologyName,
        first.title,
        first.executiveSummary,
        koreanDate(first.publishedAt),
        `${first.estimatedReadingTime}분 읽기`,
        `좋아요 ${first.likesCount}`,
      ].join(' '),
      { useInnerText: true },
    );
    await expect(page.getByText('모든 기술분석을 확인했습니다')).toBeVisible();
    expect(calls[0]).toBe('?page=1&limit=9&lang=ko');

    const category = list[1].technologyCategory;
    await buttons.filter({ hasText: label(category) }).click();
    await page.waitForURL(`**/tech-analysis?category=${category}`);
    const filtered = await e2e.site.api<TechAnalysisListResponse>(
      `/api/tech-analysis?page=1&limit=9&lang=ko&category=${category}`,
    );
    await expect
      .poll(() => cards.getByRole('heading').allInnerTexts())
      .toEqual(filtered.analyses.map((a) => a.title));
    expect(calls).toContain(`?page=1&limit=9&lang=ko&category=${category}`);
  });

  test('/tech-analysis: the empty texts, for no analyses at all and none in a category', async ({ e2e }) => {
    const page = await e2e.open();
    const empty = { analyses: [], pagination: { page: 1, totalPages: 0 } };
    await page.route('**/api/tech-analysis?*', (route) => route.fulfill({ json: empty }));
    await page.goto('/tech-analysis');
    await expect(page.getByText('아직 등록된 기술분석이 없습니다.')).toBeVisible();
    await page.goto('/tech-analysis?category=security');
    await expect(page.getByText('이 카테고리에는 아직 기술분석이 없습니다.')).toBeVisible();
  });

  test('/tech-analysis/{slug}: header, four tabs, outlook, conclusion, related analyses, title and meta', async ({
    e2e,
  }) => {
    const { analysis, relatedAnalyses } = await e2e.site.api<TechAnalysisDetailResponse>(
      `/api/tech-analysis/${list[0].slug}`,
    );
    const page = await e2e.open({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.clock.install();
    await page.goto(`/tech-analysis/${analysis.slug}`);
    const main = page.getByRole('article');
    await expect(main.getByRole('heading', { level: 1, name: analysis.title })).toBeVisible();
    await expect(page).toHaveTitle(`${analysis.title} | 펄스`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      analysis.executiveSummary,
    );
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
      'content',
      analysis.seoKeywords.join(', '),
    );
    const badges: string[] = [DIFFICULTY[analysis.difficultyLevel], label(analysis.technologyCategory)];
    if (analysis.qualityScore >= 85) badges.push('추천');
    for (const text of [
      ...badges,
      analysis.executiveSummary,
      koreanDate(analysis.publishedAt),
      `${analysis.estimatedReadingTime}분 읽기`,
      `조회 ${analysis.views}`,
      `좋아요 ${analysis.likesCount}`,
      analysis.technologyName,
    ])
      await expect(main.getByText(text, { exact: true }).first()).toBeVisible();

    const tabs = main.getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['개요', '튜토리얼', '코드 예제', '리소스']);
    const panel = main.getByRole('tabpanel');
    expect(await panel.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      expect.arrayContaining(['소개', '핵심 개념', '장점', '단점', '활용 사례', '대안과 비교']),
    );
    for (const pro of analysis.prosAndCons.pros) await panel.getByText(pro, { exact: true }).waitFor();

    await tabs.filter({ hasText: '튜토리얼' }).click();
    await expect(panel.getByRole('heading', { name: '흔한 실수와 주의할 점' })).toBeVisible();
    for (const pitfall of analysis.commonPitfalls)
      await expect(panel.getByText(pitfall, { exact: true })).toBeVisible();

    await tabs.filter({ hasText: '코드 예제' }).click();
    const examples = [...analysis.codeExamples].sort((a, b) => a.order - b.order);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) await panel.getByText(example.title, { exact: true }).waitFor();
    const copy = panel.getByRole('button', { name: `${examples[0].title} 코드 복사` });
    // Stop the page's clock, so the 2 s confirmation lasts until the test moves time on.
    // The page's clock runs on while the test reads it: if the chosen moment passed first (a busy
    // machine), read it again.
    await expect(async () => {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    }).toPass();
    await copy.click();
    await expect(copy).toHaveText('복사됨', { useInnerText: true });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(examples[0].code);
    await page.clock.runFor(2_000);
    await expect(copy).toHaveText('복사', { useInnerText: true });

    await tabs.filter({ hasText: '리소스' }).click();
    const resources = panel.getByRole('link');
    await expect(resources).toHaveCount(analysis.externalResources.length);
    for (const [index, resource] of analysis.externalResources.entries()) {
      await expect(resources.nth(index)).toHaveAttribute('href', resource.url);
      await expect(resources.nth(index)).toHaveAttribute('target', '_blank');
    }

    await expect(main.getByRole('heading', { name: '향후 전망' })).toBeVisible();
    await expect(main.getByRole('heading', { name: '결론' })).toBeVisible();
    const related = main.getByRole('region', { name: '관련 기술분석' }).getByRole('link');
    expect(await related.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      relatedAnalyses.map((a) => `/tech-analysis/${a.slug}`),
    );
  });

  test('/tech-analysis/{slug}: like once (then filled and disabled), share copies the link; back goes to /analysis', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const slug = list[viewport === 'desktop' ? 2 : 3].slug;
    const { analysis } = await e2e.site.api<TechAnalysisDetailResponse>(`/api/tech-analysis/${slug}`);
    const page = await e2e.open({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`/tech-analysis/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: analysis.title })).toBeVisible();

    await page.getByRole('button', { name: '좋아요', exact: true }).click();
    await expectToast(page, '감사합니다!', '이 기술분석이 도움이 되었다니 기쁩니다.');
    const liked = page.getByRole('button', { name: '좋아요 완료' });
    await expect(liked).toBeDisabled();
    await expect(page.getByText(`좋아요 ${analysis.likesCount + 1}`, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: '좋아요 완료' })).toBeDisabled();

    // Headless Chromium has no share sheet, so the seed's fallback applies: the link is copied.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: '공유' }).click();
    await expectToast(page, '링크가 복사되었습니다', '원하는 곳에 붙여 넣어 공유하세요.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      e2e.site.url(`/tech-analysis/${slug}`),
    );

    await page.getByRole('link', { name: '분석 목록으로 돌아가기' }).click();
    // /analysis is the back link's target; it shows the tech-analysis list (docs/spec-content.md §2 route table).
    await page.waitForURL((url) => url.pathname === '/tech-analysis');
    await expect(page.getByRole('heading', { level: 1, name: '기술 분석' })).toBeVisible();
  });

  test("/tech-analysis/{unknown}: '기술분석을 찾을 수 없습니다.' with the way back", async ({ e2e }) => {
    const page = await e2e.open();
    await page.goto('/tech-analysis/some-slug');
    const card = page.getByRole('alert');
    await expect(card.getByRole('heading', { name: '기술분석을 찾을 수 없습니다.' })).toBeVisible();
    await expect(card.getByRole('link', { name: '분석 목록으로 돌아가기' })).toHaveAttribute(
      'href',
      '/analysis',
    );
  });
});

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast.getByText(description, { exact: true })).toBeVisible();
}
