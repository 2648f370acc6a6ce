import type { IngestionSourceAdmin, StaffAccountView } from '@pulse/contracts';
import type { Page } from '@playwright/test';
import { startFixtureServer, type FixtureServer } from '@pulse/testing/src/fixture-server';
import { ADMIN_TOKEN } from './support/community';
import { docsScreenshot } from './support/docs-screens';
import { expect, test } from './support/fixtures';

test.use({
  // The sources screens add fixture feeds served from this machine ('내부망 주소 허용').
  siteOptions: { spec: 'audit', env: { ADMIN_TOKEN, INGESTION_ALLOW_PRIVATE_SOURCES: 'true' } },
});

const EDITOR_PASSWORD = 'editor passphrase for the audit run';
const automation = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

/** docs/admin.md shows the screen at both widths, drawn by this spec (docs-screens.ts). */
async function screenshot(page: Page, viewport: string): Promise<void> {
  await docsScreenshot(page, `audit-${viewport}.png`);
}

/**
 * The audit log end to end (docs/admin.md 'Audit log'): an editor signs in with their own account, adds a
 * source from a fixture feed on /admin/sources (after its preview), sees its first run, pauses it, and
 * finds both actions under their name on /admin/audit, recorded by the ingestion service and carried to
 * newsroom through the outbox and the bus, the pause with the source before and after.
 */
test.describe('audit log', () => {
  let feeds: FixtureServer;
  test.beforeAll(async () => {
    feeds = await startFixtureServer();
  });
  test.afterAll(async () => {
    await feeds.close();
  });

  test('an editor adds a source from a fixture feed, runs it and pauses it, then finds what they did under their name in /admin/audit', async ({
    e2e,
    site,
    viewportName,
  }) => {
    const editorName = `editor-audit-${viewportName === 'desktop' ? 'd' : 'm'}`;
    const sourceName = `Audit Feed ${viewportName}`;
    await site.api<StaffAccountView>('/api/newsroom/accounts', {
      method: 'POST',
      headers: automation,
      body: JSON.stringify({ name: editorName, role: 'editor', password: EDITOR_PASSWORD }),
    });
    const page = await e2e.open();
    await page.goto('/admin/sources');
    await page.getByLabel('이름', { exact: true }).fill(editorName);
    await page.getByLabel('비밀번호', { exact: true }).fill(EDITOR_PASSWORD);
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByText(new RegExp(`${editorName} \\(.+\\) 님으로 로그인했습니다`))).toBeVisible();

    // The editor adds the source from the fixture feed after its preview, and runs it at once.
    await page.getByRole('button', { name: '소스 추가' }).click();
    const form = page.getByRole('form', { name: '새 소스 추가' });
    await form.getByLabel('이름').fill(sourceName);
    await form.getByLabel('피드 주소').fill(`${feeds.url}/feeds/rss2.xml?for=audit-${viewportName}`);
    await form.getByLabel(/내부망 주소 허용/).check();
    await form.getByRole('button', { name: '미리 보기' }).click();
    await expect(form.getByRole('region', { name: '미리 보기 결과' })).toContainText('기사 3건을 읽었습니다');
    await form.getByRole('button', { name: '저장' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${sourceName} 소스를 추가했습니다.` }),
    ).toBeVisible();
    const source = (
      await site.api<IngestionSourceAdmin[]>('/api/ingestion/admin/sources', { headers: automation })
    ).find((each) => each.name === sourceName)!;
    expect(source).toBeDefined();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: sourceName }) });
    await row.getByRole('button', { name: '지금 실행' }).click();
    await expect(row.getByRole('region', { name: '이번 실행 결과' })).toContainText(
      /이번 실행: 성공 \(수동, \d+ms, HTTP 200\)/,
      { timeout: 60_000 },
    );

    await row.getByRole('button', { name: '일시 중지' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${sourceName} 수집을 일시 중지했습니다.` }),
    ).toBeVisible();

    // To the log by the admin navigation, from the keyboard.
    await page
      .getByRole('navigation', { name: '관리 메뉴' })
      .getByRole('link', { name: '감사 기록' })
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/audit');
    await expect(page).toHaveTitle('감사 기록 | 펄스');

    const filters = page.getByRole('search', { name: '감사 기록 거르기' });
    await filters.getByLabel('작업자').fill(editorName);
    await filters.getByLabel('대상').fill(source.id);
    const entry = page.getByRole('row').filter({ hasText: '소스 일시 중지' });
    // The entry travels ingestion's outbox and the bus to newsroom: asked again until it is there.
    await expect(async () => {
      await filters.getByRole('button', { name: '거르기' }).click();
      await expect(entry).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(entry).toContainText(`${editorName} 편집자`);
    await expect(entry).toContainText('(source.pause)');
    await expect(entry).toContainText(`id: ${source.id}`);
    await expect(entry).toContainText('완료 (200)');
    await entry.getByText(/바뀐 값 \d+개/).click();
    await expect(entry.getByRole('definition').filter({ hasText: 'active → paused' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '기록 1건' })).toBeVisible();
    // Adding it is there too, under the same name (a new source has no id in its path: found by action).
    await filters.getByLabel('대상').fill('');
    await filters.getByLabel('작업', { exact: true }).fill('source.create');
    await filters.getByRole('button', { name: '거르기' }).click();
    const created = page.getByRole('row').filter({ hasText: '(source.create)' });
    await expect(created).toHaveCount(1);
    await expect(created).toContainText(`${editorName} 편집자`);
    await expect(created).toContainText('완료 (201)');

    // Nothing wider than the screen: the table scrolls inside its own region at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    // Opening the change scrolled the table sideways on a narrow screen; the picture shows it from the start.
    await page.getByRole('region', { name: '감사 기록 표' }).evaluate((region) => region.scrollTo(0, 0));
    await screenshot(page, viewportName);
  });
});
