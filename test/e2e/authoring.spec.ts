import type { StaffAccountView } from '@pulse/contracts';
import type { Page } from '@playwright/test';
import { ADMIN_TOKEN } from './support/community';
import { docsScreenshot } from './support/docs-screens';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'authoring', env: { ADMIN_TOKEN } } });

const EDITOR_PASSWORD = 'editor passphrase for the authoring run';
const automation = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

/** docs/admin.md shows the screen at both widths, drawn by this spec (docs-screens.ts, from the top). */
async function screenshot(page: Page, viewport: string): Promise<void> {
  await docsScreenshot(page, `authoring-${viewport}.png`);
}

/**
 * Authoring end to end (docs/admin.md 'The screens'): an editor signs in on /admin/authoring, writes a
 * tech analysis with Markdown sections and their preview, saves it, publishes it after the confirmation,
 * finds it first on /tech-analysis and its page, and finds the publication under their name on
 * /admin/audit.
 */
test.describe('authoring', () => {
  test('an editor writes and publishes a tech analysis that readers find, recorded in the audit log', async ({
    e2e,
    site,
    viewportName,
  }) => {
    const suffix = viewportName === 'desktop' ? 'd' : 'm';
    const editorName = `editor-authoring-${suffix}`;
    const technology = `Pulsekit ${suffix.toUpperCase()}`;
    const title = `${technology} 한눈에 보기`;
    await site.api<StaffAccountView>('/api/newsroom/accounts', {
      method: 'POST',
      headers: automation,
      body: JSON.stringify({ name: editorName, role: 'editor', password: EDITOR_PASSWORD }),
    });

    const page = await e2e.open();
    await page.goto('/admin/authoring');
    await expect(page).toHaveTitle('글쓰기 | 펄스');
    await page.getByLabel('이름', { exact: true }).fill(editorName);
    await page.getByLabel('비밀번호', { exact: true }).fill(EDITOR_PASSWORD);
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByText(new RegExp(`${editorName} \\(.+\\) 님으로 로그인했습니다`))).toBeVisible();
    // The site runs without an LLM: no draft button is offered.
    await expect(page.getByRole('heading', { name: /^기술 분석/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'AI 초안' })).toHaveCount(0);

    await page.getByRole('button', { name: '새 기술 분석' }).click();
    await page.getByLabel('제목', { exact: true }).fill(title);
    await page.getByLabel('기술 이름').fill(technology);
    await page.getByLabel('기술 분류').selectOption({ label: 'DevOps' });
    await page.getByLabel('요약', { exact: true }).fill(`${technology}는 배포를 단순하게 만드는 도구입니다.`);
    await page
      .getByLabel('소개 (마크다운)')
      .fill('## 왜 필요한가\n\n**빠른** 배포와 되돌리기.\n\n- 설정이 적다\n- 배우기 쉽다');
    await page.getByLabel('결론 (마크다운)').fill('작은 팀에 충분히 쓸 만합니다.');
    const preview = page.getByRole('region', { name: '소개 미리 보기' });
    await expect(preview.getByRole('heading', { name: '왜 필요한가' })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveText(['설정이 적다', '배우기 쉽다']);

    await page.getByRole('button', { name: '초안 저장' }).click();
    await expect(page.getByRole('status').filter({ hasText: '초안으로 저장했습니다.' })).toBeVisible();
    await page.getByRole('button', { name: '게시', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: '기술 분석을 게시할까요?' });
    await dialog.getByRole('button', { name: '게시' }).click();
    await expect(page.getByRole('status').filter({ hasText: '게시했습니다.' })).toBeVisible();
    const history = page.getByRole('list', { name: '변경 이력' });
    await expect(history.getByRole('listitem').first()).toContainText(`${editorName} · 게시`);
    await expect(history.getByRole('listitem').last()).toContainText(
      `${editorName} · 작성 (주소, 제목, 요약, 난이도, 기술 분류, 기술 이름, 소개, 결론)`,
    );

    // Nothing wider than the screen at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await screenshot(page, viewportName);

    // Readers find it first on the list (the newest), and its page draws the Markdown's headings.
    await page.getByRole('link', { name: '독자 화면에서 보기' }).click();
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(article.getByRole('heading', { name: '왜 필요한가' })).toBeVisible();
    await page.goto('/tech-analysis');
    await expect(page.getByRole('main').getByRole('article').first().getByRole('heading')).toHaveText(title);

    await page.goto('/admin/audit');
    const filters = page.getByRole('search', { name: '감사 기록 거르기' });
    await filters.getByLabel('작업자').fill(editorName);
    const entry = page.getByRole('row').filter({ hasText: '기술 분석 게시' });
    // The entry travels content's outbox and the bus to newsroom: asked again until it is there.
    await expect(async () => {
      await filters.getByRole('button', { name: '거르기' }).click();
      await expect(entry).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(entry).toContainText(`${editorName} 편집자`);
    await expect(entry).toContainText('(tech-analysis.publish)');
    await expect(entry).toContainText('완료 (200)');
  });
});
