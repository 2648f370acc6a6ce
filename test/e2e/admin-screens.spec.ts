import type { SearchResponse } from '@pulse/contracts';
import type { Page } from '@playwright/test';
import { eventually } from '@pulse/testing/src/eventually';
import { startFixtureServer, type FixtureServer } from '@pulse/testing/src/fixture-server';
import { ADMIN_TOKEN, apiIdentity } from './support/community';
import { docsScreenshot } from './support/docs-screens';
import { expect, test } from './support/fixtures';
import { mailDrop, mailTo, makeTrendingData, subscribeAndConfirm } from './support/newsletter';

test.use({
  // The sources screens add fixture feeds served from this machine ('내부망 주소 허용').
  siteOptions: { spec: 'admin-screens', env: { ADMIN_TOKEN, INGESTION_ALLOW_PRIVATE_SOURCES: 'true' } },
});

const EDITOR_PASSWORD = 'editor passphrase for the e2e run';

/** The screens the admin navigation joins, with the title each answers a direct load with. */
const SCREENS = [
  ['/admin', '관리자'],
  ['/admin/comments', '댓글 검토'],
  ['/admin/translations', '보류된 번역 검토'],
  ['/admin/sources', '뉴스 소스 관리'],
  ['/admin/authoring', '글쓰기'],
  ['/admin/newsletter', '뉴스레터 관리'],
  ['/admin/synonyms', '검색 동의어'],
  ['/admin/nicknames', '닉네임 관리'],
  ['/analytics', '통계'],
  ['/admin/audit', '감사 기록'],
  ['/admin/contact', '독자 문의'],
] as const;

/** Screens drawn for docs/admin.md from their direct load, by file name. */
const DRAWN_HERE: Readonly<Record<string, string>> = {
  '/admin/comments': 'comments',
  '/admin/translations': 'translations',
  '/analytics': 'analytics',
};

/** docs/admin.md shows these: each screen at both widths, drawn by this spec (docs-screens.ts). */
async function screenshot(page: Page, name: string, viewport: string): Promise<void> {
  await docsScreenshot(page, `${name}-${viewport}.png`);
}

/** Opens an admin screen and gives it the token through its own form, as an editor does once per tab. */
async function signIn(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await page.getByLabel('관리자 토큰').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByLabel('관리자 토큰')).toHaveCount(0);
}

/** Nothing wider than the screen: every admin screen works at 375 px without sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test.describe('admin screens', () => {
  let feeds: FixtureServer;
  test.beforeAll(async () => {
    feeds = await startFixtureServer();
  });
  test.afterAll(async () => {
    await feeds.close();
  });

  test('every admin screen answers a direct load with its title and the one admin navigation', async ({
    e2e,
    viewportName,
  }) => {
    const page = await e2e.open();
    for (const [pathname, title] of SCREENS) {
      const response = await page.goto(pathname);
      expect(response?.status(), pathname).toBe(200);
      await expect(page).toHaveTitle(`${title} | 펄스`);
      const nav = page.getByRole('navigation', { name: '관리 메뉴' });
      await expect(nav.getByRole('link')).toHaveCount(SCREENS.length);
      await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', pathname);
    }
    // The screens no other test draws, for docs/admin.md: signed in, as this site has them (nothing waiting).
    await signIn(page, '/admin/comments');
    for (const [pathname, name] of Object.entries(DRAWN_HERE)) {
      await page.goto(pathname);
      await expect(page.getByLabel('관리자 토큰')).toHaveCount(0);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await screenshot(page, name, viewportName);
    }
    // The navigation moves between screens in the page, by keyboard too.
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: '관리 메뉴' })
      .getByRole('link', { name: '검색 동의어' })
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/synonyms');
    await expect(page).toHaveTitle('검색 동의어 | 펄스');
    expect((await page.goto('/admin/no-such-screen'))?.status()).toBe(404);
  });

  test('sources: add one from a fixture feed after its preview, run it now and see its first run', async ({
    e2e,
    viewportName,
  }) => {
    const page = await e2e.open();
    await signIn(page, '/admin/sources');
    await page.getByRole('button', { name: '소스 추가' }).click();
    const form = page.getByRole('form', { name: '새 소스 추가' });
    const name = `Fixture Feed ${viewportName}`;
    await form.getByLabel('이름').fill(name);
    await form.getByLabel('피드 주소').fill(`${feeds.url}/feeds/rss2.xml?for=${viewportName}`);
    await form.getByLabel(/내부망 주소 허용/).check();
    await expect(form.getByRole('button', { name: '저장' })).toBeDisabled();
    await form.getByRole('button', { name: '미리 보기' }).click();
    const preview = form.getByRole('region', { name: '미리 보기 결과' });
    await expect(preview).toContainText('기사 3건을 읽었습니다');
    await expect(preview.getByRole('link')).toHaveText([
      'Open-weight model tops coding benchmark at a fraction of the compute',
      'Stablecoin bill clears committee after late amendment on reserves',
      'Cloud giant signs 20-year nuclear power deal for data centres',
    ]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'sources-preview', viewportName);
    await form.getByRole('button', { name: '저장' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${name} 소스를 추가했습니다.` })).toBeVisible();

    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(row).toContainText('마지막 실행아직 없음');
    await row.getByRole('button', { name: '지금 실행' }).click();
    const result = row.getByRole('region', { name: '이번 실행 결과' });
    // Three new stories, unless the other width's run of the same feed in this site got there first.
    await expect(result).toContainText(/이번 실행: 성공 \(수동, \d+ms, HTTP 200\) · 새 기사 \d+/, {
      timeout: 60_000,
    });
    const counts = /새 기사 (\d+) · 합쳐짐 (\d+) · 중복 (\d+)/.exec((await result.textContent())!)!;
    expect(Number(counts[1]) + Number(counts[2]) + Number(counts[3])).toBe(3);
    await expect(row.getByText('마지막 실행', { exact: true })).toBeVisible();
    await expect(row).not.toContainText('마지막 실행아직 없음');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'sources', viewportName);
  });

  test('newsletter: preview the edition at 600 and 375 px, send it to the mail drop and see its counts', async ({
    e2e,
    viewportName,
  }) => {
    const reader = `admin-screen-${viewportName}@example.com`;
    await subscribeAndConfirm(e2e.site, mailDrop(e2e.site), reader);
    await makeTrendingData(e2e.site);
    const page = await e2e.open();
    await signIn(page, '/admin/newsletter');
    const subscribers = page.getByRole('region', { name: '구독자' });
    await expect(subscribers.getByText('구독 중', { exact: true })).toBeVisible();
    const kinds = page.getByRole('group', { name: '뉴스레터 종류' });
    await kinds.getByRole('button', { name: '위클리' }).click();
    const frame = page.locator('iframe[title$="(600px)"]');
    await expect(frame).toHaveAttribute('width', '600');
    await expect(page.frameLocator('iframe[title$="(600px)"]').locator('table.nl-sheet')).toBeVisible();
    await screenshot(page, 'newsletter-preview-600', viewportName);
    await page.getByRole('group', { name: '미리 보기 너비' }).getByRole('button', { name: '375px' }).click();
    await expect(page.locator('iframe[title$="(375px)"]')).toHaveAttribute('width', '375');
    await expectNoSidewaysScroll(page);

    // A test send needs the member's own address: the shared token has none, and the server says so.
    const testSendOf = (screen: Page) =>
      screen
        .getByRole('region', { name: '이번 호 미리 보기' })
        .getByRole('button', { name: /내 주소로 시험 발송$/ });
    await testSendOf(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'ADMIN_TOKEN에는 메일 주소가 없어' }),
    ).toBeVisible();
    // An editor signed in with an address gets the edition, prefixed, in the mail drop; no reader does.
    const editorName = `editor-nl-${viewportName === 'desktop' ? 'd' : 'm'}`;
    const editorEmail = `${editorName}@pulse.example`;
    await e2e.site.api('/api/newsroom/accounts', {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: editorName,
        role: 'editor',
        password: EDITOR_PASSWORD,
        email: editorEmail,
      }),
    });
    const editor = await e2e.open();
    await editor.goto('/admin/newsletter');
    await editor.getByLabel('이름', { exact: true }).fill(editorName);
    await editor.getByLabel('비밀번호', { exact: true }).fill(EDITOR_PASSWORD);
    await editor.getByRole('button', { name: '로그인' }).click();
    await editor
      .getByRole('group', { name: '뉴스레터 종류' })
      .getByRole('button', { name: '위클리' })
      .click();
    await testSendOf(editor).click();
    await expect(
      editor.getByRole('status').filter({ hasText: `${editorEmail}(으)로 보냈습니다` }),
    ).toBeVisible();
    const testCopy = await mailTo(mailDrop(e2e.site), editorEmail, '[시험 발송]');
    expect(testCopy.subject).toMatch(/^\[시험 발송\] \[펄스\] /);

    await page.getByRole('button', { name: '이 호 보내기' }).click();
    await page
      .getByRole('alertdialog', { name: '이번 호를 보낼까요?' })
      .getByRole('button', { name: '보내기' })
      .click();
    const progress = page.getByRole('region', { name: /^발송 현황/ });
    await expect(progress).toContainText('발송을 마쳤습니다.', { timeout: 60_000 });
    const sent = Number(
      await progress
        .locator('dt', { hasText: /^보냄$/ })
        .locator('+ dd')
        .textContent(),
    );
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(
      await progress
        .locator('dt', { hasText: /^반송$/ })
        .locator('+ dd')
        .textContent(),
    ).toBe('0');
    // The mail really went out: the reader's copy is in the site's mail drop.
    await mailTo(mailDrop(e2e.site), reader, '주간 뉴스레터');
    await screenshot(page, 'newsletter', viewportName);
  });

  test('synonyms: a group added is used by search at once, and deleted is no longer', async ({
    e2e,
    viewportName,
  }) => {
    const made = `펄스시험어${viewportName === 'desktop' ? '가' : '나'}`;
    const search = (q: string) =>
      e2e.site.api<SearchResponse>(`/api/articles/search?q=${encodeURIComponent(q)}`);
    const known = await firstFound(search, ['블록체인', '엔비디아', 'OpenAI', '비트코인']);
    expect((await search(made)).total).toBe(0);

    const page = await e2e.open();
    await signIn(page, '/admin/synonyms');
    await page.getByLabel('새 동의어 묶음').fill(`${made}, ${known}`);
    await page.getByRole('button', { name: '추가' }).click();
    const entry = page
      .getByRole('list', { name: '추가한 동의어 묶음' })
      .getByRole('listitem')
      .filter({ hasText: made });
    await expect(entry).toContainText(`${made} · ${known}`);
    await eventually(async () => expect((await search(made)).total).toBeGreaterThan(0), {
      timeoutMs: 15_000,
    });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'synonyms', viewportName);

    await entry.getByRole('button', { name: '삭제' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
    await expect(page.getByRole('status').filter({ hasText: '동의어 묶음을 삭제했습니다.' })).toBeVisible();
    await expect(entry).toHaveCount(0);
    await eventually(async () => expect((await search(made)).total).toBe(0), { timeoutMs: 15_000 });
  });

  test('nicknames: find one, suspend it with a reason, then reinstate it', async ({ e2e, viewportName }) => {
    const who = await apiIdentity(e2e.site, `관리화면${viewportName === 'desktop' ? '가' : '나'}`);
    const page = await e2e.open();
    await signIn(page, '/admin/nicknames');
    await page.getByRole('textbox', { name: '닉네임', exact: true }).fill(who.displayName);
    await page.getByRole('button', { name: '찾기' }).click();
    const card = page.getByRole('article', { name: who.displayName });
    await expect(card.getByText('기록된 조치가 없습니다.')).toBeVisible();

    await card.getByRole('button', { name: '정지', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('정지 사유').fill('광고 도배');
    await dialog.getByRole('button', { name: '정지', exact: true }).click();
    await expect(card).toContainText('정지됨 (해제할 때까지, 사유: 광고 도배)');
    // The server refuses the suspended nickname's writes (its sessions ended with the suspension), not
    // only this screen's word for it.
    const refused = await fetch(e2e.site.url('/api/community/questions'), {
      method: 'POST',
      headers: who.auth,
      body: JSON.stringify({
        title: '정지된 닉네임의 질문입니다',
        content: '정지된 동안에는 글을 쓸 수 없어야 합니다.',
        category: 'gen-ai',
      }),
    });
    expect([401, 403]).toContain(refused.status);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'nicknames', viewportName);

    await card.getByRole('button', { name: '정지 해제' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '정지 해제' }).click();
    await expect(card).toContainText('글쓰기 가능');
    await expect(
      card.getByRole('region', { name: `${who.displayName} 조치 이력` }).getByRole('listitem'),
    ).toHaveCount(2);
  });
});

/** The first of these words search finds an article for, in the sample corpus. */
async function firstFound(search: (q: string) => Promise<SearchResponse>, words: string[]): Promise<string> {
  for (const word of words) if ((await search(word)).total > 0) return word;
  throw new Error(`search finds none of ${words.join(', ')} in the sample corpus`);
}
