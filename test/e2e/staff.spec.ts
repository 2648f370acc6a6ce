import type { StaffAccountView, TechAnalysisListResponse } from '@pulse/contracts';
import type { Page } from '@playwright/test';
import { ADMIN_TOKEN } from './support/community';
import { docsScreenshot } from './support/docs-screens';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'staff', env: { ADMIN_TOKEN } } });

const OWNER_PASSWORD = 'owner passphrase for the e2e run';
const MODERATOR_PASSWORD = 'moderator passphrase for the e2e run';

/** docs/admin.md shows the screen at both widths (1280 and 375 px), drawn by this spec (docs-screens.ts). */
async function screenshot(page: Page, viewportName: string): Promise<void> {
  await docsScreenshot(page, `staff-${viewportName === 'desktop' ? 1280 : 375}.png`);
}

/** Signs in on /admin/staff through the form, as a person would. */
async function signIn(page: Page, name: string, password: string): Promise<void> {
  await page.goto('/admin/staff');
  await page.getByLabel('이름', { exact: true }).fill(name);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByText(new RegExp(`${name} \\(.+\\) 님으로 로그인했습니다`))).toBeVisible();
}

/** An API call from the page, as the admin screens make it: the cookie, and the CSRF token on writes. */
async function callAsSignedIn(page: Page, method: string, path: string): Promise<number> {
  return page.evaluate(
    async ({ method, path }) => {
      const session = await fetch('/api/newsroom/session', { credentials: 'same-origin' });
      const csrf = session.ok ? ((await session.json()) as { csrfToken: string }).csrfToken : '';
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: method === 'GET' ? {} : { 'X-CSRF-Token': csrf },
      });
      return response.status;
    },
    { method, path },
  );
}

/**
 * Named staff accounts end to end (docs/admin.md): the owner (made with the automation token, as the first
 * run does) signs in and creates a moderator; the moderator signs in, may moderate but not publish (403
 * from the server); the owner starts their own second factor (a QR code); the owner ends the moderator's
 * sessions and the moderator's next call is refused.
 */
test('an owner creates a moderator, who cannot publish, and whose sessions the owner revokes', async ({
  e2e,
  site,
  viewportName,
}) => {
  const tag = viewportName === 'desktop' ? 'd' : 'm';
  const ownerName = `owner-${tag}`;
  const moderatorName = `moderator-${tag}`;
  await site.api<StaffAccountView>('/api/newsroom/accounts', {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: ownerName, role: 'owner', password: OWNER_PASSWORD }),
  });

  const owner = await e2e.open();
  await signIn(owner, ownerName, OWNER_PASSWORD);
  await owner.getByLabel('이름', { exact: true }).fill(moderatorName);
  await owner.getByLabel('역할', { exact: true }).selectOption('moderator');
  await owner.getByLabel('초기 비밀번호 (12자 이상)').fill(MODERATOR_PASSWORD);
  await owner.getByRole('button', { name: '계정 만들기' }).click();
  await expect(owner.getByText(`${moderatorName} 계정을 만들었습니다.`)).toBeVisible();
  await expect(owner.getByRole('cell', { name: moderatorName, exact: true })).toBeVisible();

  const moderator = await e2e.open();
  await signIn(moderator, moderatorName, MODERATOR_PASSWORD);
  // The staff list is the owner's: the server refuses the moderator, and the screen says so.
  await expect(moderator.getByRole('alert')).toContainText('owner 역할만');
  const analyses = await site.api<TechAnalysisListResponse>('/api/tech-analysis?limit=1');
  const analysisId = analyses.analyses[0].id;
  expect(
    await callAsSignedIn(moderator, 'POST', `/api/content/admin/tech-analyses/${analysisId}/publish`),
  ).toBe(403);
  expect(await callAsSignedIn(moderator, 'POST', '/api/newsletter/admin/editions')).toBe(403);
  expect(await callAsSignedIn(moderator, 'GET', '/api/community/admin/moderation?state=held')).toBe(200);

  await owner.reload();
  const row = owner
    .getByRole('row')
    .filter({ has: owner.getByRole('cell', { name: moderatorName, exact: true }) });
  // The owner starts their own second factor: the key comes back uncacheable and is drawn as a QR code.
  const started = owner.waitForResponse(
    (response) => response.url().endsWith('/api/newsroom/me/totp') && response.request().method() === 'POST',
  );
  await owner.getByRole('button', { name: '2단계 인증 설정' }).click();
  expect((await started).headers()['cache-control']).toBe('private, no-store');
  await expect(owner.getByRole('img', { name: '인증 앱에 등록할 QR 코드' })).toBeVisible();
  await screenshot(owner, viewportName);
  await row.getByRole('button', { name: '세션 모두 끊기' }).click();
  const dialog = owner.getByRole('alertdialog');
  await expect(dialog).toContainText(`${moderatorName}의 로그인 1개가 모두 끝나고`);
  await dialog.getByRole('button', { name: '세션 끊기' }).click();
  await expect(owner.getByText(`${moderatorName}의 모든 세션을 끊었습니다.`, { exact: false })).toBeVisible();

  expect(await callAsSignedIn(moderator, 'GET', '/api/community/admin/moderation?state=held')).toBe(401);
  await moderator.reload();
  await expect(moderator.getByRole('button', { name: '로그인' })).toBeVisible();
});
