import type { CreateQuestionResponse, ReportResponse } from '@pulse/contracts';
import type { Locator, Page } from '@playwright/test';
import { ADMIN_TOKEN, apiIdentity, apiWrite } from './support/community';
import { docsScreenshot } from './support/docs-screens';
import { expect, test } from './support/fixtures';
import { mailDrop, mailTo, makeTrendingData, subscribeAndConfirm } from './support/newsletter';

test.use({ siteOptions: { spec: 'editor-day', env: { ADMIN_TOKEN } } });

const EDITOR_PASSWORD = 'editor passphrase for the day run';

/** Signs in on `pathname`'s own form with the editor's name and password, as an editor starts a tab. */
async function signIn(page: Page, pathname: string, editorName: string): Promise<void> {
  await page.goto(pathname);
  await page.getByLabel('이름', { exact: true }).fill(editorName);
  await page.getByLabel('비밀번호', { exact: true }).fill(EDITOR_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByText(new RegExp(`${editorName} \\(.+\\) 님으로 로그인했습니다`))).toBeVisible();
}

/**
 * The one /admin/audit row of `editorName`'s `action` (on `target` when given), reached through the admin
 * navigation. The entry travels the acting service's outbox and the bus to newsroom, so the filter is
 * asked again until it is there.
 */
async function auditEntry(page: Page, editorName: string, action: string, target?: string): Promise<Locator> {
  await page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '감사 기록' }).click();
  await page.waitForURL('**/admin/audit');
  const filters = page.getByRole('search', { name: '감사 기록 거르기' });
  await filters.getByLabel('작업자').fill(editorName);
  await filters.getByLabel('작업', { exact: true }).fill(action);
  if (target) await filters.getByLabel('대상').fill(target);
  const entry = page.getByRole('row').filter({ hasText: `(${action})` });
  await expect(async () => {
    await filters.getByRole('button', { name: '거르기' }).click();
    await expect(entry).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // Under the editor's own name and role, not the shared token.
  await expect(entry).toContainText(`${editorName} 편집자`);
  await expect(entry).not.toContainText('공용 토큰');
  return entry;
}

/**
 * An editor's day (docs/admin.md 'Audit log'): signed in with their own account, not ADMIN_TOKEN, the
 * editor sends the newsletter and works the moderation queue, and finds each action under their name on
 * /admin/audit. Sources and authoring have theirs in audit.spec.ts and authoring.spec.ts.
 */
test.describe("an editor's day", () => {
  let editorName = '';
  test.beforeAll(async ({ site, viewportName }) => {
    editorName = `editor-day-${viewportName === 'desktop' ? 'd' : 'm'}`;
    await site.api('/api/newsroom/accounts', {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: editorName, role: 'editor', password: EDITOR_PASSWORD }),
    });
  });

  test('the editor previews the weekly edition, sends it to the mail drop and finds the send in the log', async ({
    e2e,
    viewportName,
  }) => {
    const reader = `editor-day-${viewportName}@example.com`;
    await subscribeAndConfirm(e2e.site, mailDrop(e2e.site), reader);
    await makeTrendingData(e2e.site);

    const page = await e2e.open();
    await signIn(page, '/admin/newsletter', editorName);
    await page.getByRole('group', { name: '뉴스레터 종류' }).getByRole('button', { name: '위클리' }).click();
    await expect(page.frameLocator('iframe[title$="(600px)"]').locator('table.nl-sheet')).toBeVisible();
    await page.getByRole('group', { name: '미리 보기 너비' }).getByRole('button', { name: '375px' }).click();
    await expect(page.frameLocator('iframe[title$="(375px)"]').locator('table.nl-sheet')).toBeVisible();

    await page.getByRole('button', { name: '이 호 보내기' }).click();
    await page
      .getByRole('alertdialog', { name: '이번 호를 보낼까요?' })
      .getByRole('button', { name: '보내기' })
      .click();
    const progress = page.getByRole('region', { name: /^발송 현황/ });
    await expect(progress).toContainText('발송을 마쳤습니다.', { timeout: 60_000 });
    // The mail really went out: the subscriber's copy is in the site's file mail drop.
    await mailTo(mailDrop(e2e.site), reader, '주간 뉴스레터');

    const entry = await auditEntry(page, editorName, 'edition.send');
    await expect(entry).toContainText('뉴스레터 발송');
    await expect(entry).toContainText('/api/newsletter/admin/editions');
    await expect(entry).toContainText('완료 (201)');
  });

  test('readers report an answer; the editor hides it from the queue, restores it, and finds both in the log', async ({
    e2e,
    viewportName,
  }) => {
    const { site } = e2e;
    const tag = viewportName === 'desktop' ? 'D' : 'M';
    const author = await apiIdentity(site, `하루질문${tag}`);
    const answerer = await apiIdentity(site, `하루답변${tag}`);
    const questionId = (
      await apiWrite<CreateQuestionResponse>(site, author, 'POST', '/api/community/questions', {
        title: `편집자가 검토할 답변이 달린 질문입니다 ${tag}`,
        content: '신고된 답변을 편집자가 숨겼다가 되돌리는 과정을 확인합니다.',
        category: 'development',
        tags: ['테스트'],
        tagIds: [],
      })
    ).data.id;
    const answerText = `광고처럼 보여 신고된 답변입니다 ${tag}`;
    const answerId = (
      await apiWrite<{ data: { id: string } }>(
        site,
        answerer,
        'POST',
        `/api/community/questions/${questionId}/answers`,
        { content: answerText },
      )
    ).data.id;
    // Two brand-new nicknames report it: their reports are recorded but weigh nothing
    // (docs/abuse/trust-levels.md), so the answer stays up until the editor acts from the queue.
    for (const name of [`하루신고가${tag}`, `하루신고나${tag}`]) {
      const reporter = await apiIdentity(site, name);
      const { data } = await apiWrite<ReportResponse>(
        site,
        reporter,
        'POST',
        `/api/community/answers/${answerId}/report`,
        { reason: 'spam' },
      );
      expect(data.held).toBe(false);
    }

    // A second answer nobody reported: once it is on the page the answers are there, so the reported
    // one's absence means it is hidden, not that the list has not arrived yet.
    const otherAnswerId = (
      await apiWrite<{ data: { id: string } }>(
        site,
        author,
        'POST',
        `/api/community/questions/${questionId}/answers`,
        { content: `신고되지 않은 답변입니다 ${tag}` },
      )
    ).data.id;

    const readerPage = await e2e.open();
    const theAnswer = readerPage.locator(`.qa-answer[data-answer-id="${answerId}"]`);
    const otherAnswer = readerPage.locator(`.qa-answer[data-answer-id="${otherAnswerId}"]`);
    /**
     * The reader's view of the question, read again until the reported answer is `shown` or gone (the
     * gateway's micro-cache may answer with a page a second old).
     */
    const expectOnQuestionPage = async (shown: boolean) =>
      expect(async () => {
        await readerPage.goto(`/community/questions/${questionId}`);
        await expect(otherAnswer).toBeVisible();
        await expect(theAnswer).toHaveCount(shown ? 1 : 0, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    await expectOnQuestionPage(true);
    await expect(theAnswer).toContainText(answerText);

    const page = await e2e.open();
    await signIn(page, '/admin', editorName);
    const queue = page.getByRole('tablist', { name: '검토 대기열' });
    const item = page.getByRole('listitem').filter({ hasText: answerText });
    await queue.getByRole('tab', { name: '신고된 글' }).click();
    await expect(item).toContainText('답변 · ');
    await expect(item).toContainText('신고 2건');
    const reporters = item.getByRole('list', { name: '신고한 사람' }).getByRole('listitem');
    await expect(reporters).toHaveCount(2);
    await expect(reporters.first()).toContainText('새 닉네임, 가중치 0');
    // docs/admin.md shows the queue with the reported answer and its reporters, at both widths.
    await docsScreenshot(page, `moderation-${viewportName}.png`);

    await item.getByRole('button', { name: '숨기기' }).click();
    const dialog = page.getByRole('alertdialog', { name: '이 답변을 숨길까요?' });
    await dialog.getByRole('button', { name: '숨기기' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: '숨김 완료' })).toBeVisible();
    // Out of the reported queue, gone from the question's page for readers.
    await expect(item).toHaveCount(0);
    await expectOnQuestionPage(false);

    await queue.getByRole('tab', { name: '숨긴 글' }).click();
    await item.getByRole('button', { name: '복원' }).click();
    await expect(page.getByRole('status').filter({ hasText: '복원 완료' })).toBeVisible();
    await expect(item).toHaveCount(0);
    await expectOnQuestionPage(true);

    const hidden = await auditEntry(page, editorName, 'answer.hide', answerId);
    await expect(hidden).toContainText('답변 숨김');
    await expect(hidden).toContainText(`id: ${answerId}`);
    await expect(hidden).toContainText('완료 (200)');
    const restored = await auditEntry(page, editorName, 'answer.restore', answerId);
    await expect(restored).toContainText('답변 복원');
    await expect(restored).toContainText(`id: ${answerId}`);
    await expect(restored).toContainText('완료 (200)');
  });
});
