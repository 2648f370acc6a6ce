import type { Page } from 'playwright-core';
import { saveScreenshot, textOf, until, VIEWPORT_NAMES, type ViewportName } from '../support/browser';
import { useE2e } from './support/suite';

/** Community I: nickname identity and the whole Q&A, two readers in two browser contexts. */
describe('community Q&A (qa remote)', () => {
  const e2e = useE2e();

  /** Sets a nickname in the dialog that a protected action opened. */
  async function signInThroughDialog(page: Page, nickname: string) {
    const dialog = page.getByRole('dialog', { name: '로그인 필요' });
    await dialog.waitFor();
    await dialog.getByLabel('닉네임', { exact: true }).fill(nickname.slice(0, 1));
    await dialog.getByText('닉네임은 2자 이상이어야 합니다.').waitFor();
    await dialog.getByLabel('닉네임', { exact: true }).fill(nickname);
    await dialog.getByText('사용 가능한 닉네임입니다.').waitFor();
    expect(await dialog.getByRole('button', { name: '이메일로 가입 (준비 중)' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: '닉네임으로 시작하기' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  describe.each(VIEWPORT_NAMES)('at %s width', (viewport: ViewportName) => {
    const suffix = viewport === 'desktop' ? '데스크톱' : '모바일';
    const title = `에이전트 메모리는 어떻게 관리하나요 ${suffix}`;

    it('nickname → ask → a second reader answers and votes → accept → resolved, badges → delete', async () => {
      const asker = await e2e.open(viewport);
      await asker.goto('/community/qa');
      await asker.getByRole('heading', { level: 1, name: '질문과 답변' }).waitFor();
      await asker.locator('.qa-header').getByRole('button', { name: '질문하기' }).click();
      await asker.getByRole('dialog').getByText('질문을 올리려면 닉네임을 설정해주세요.').waitFor();
      await signInThroughDialog(asker, `질문자${viewport === 'desktop' ? 'D' : 'M'}`);
      await until(() => expect(new URL(asker.url()).pathname).toBe('/community/qa/ask'));

      await asker.getByRole('button', { name: '질문 등록' }).click();
      await asker.getByText('제목을 입력해주세요.').waitFor();
      await asker.getByRole('textbox', { name: '제목' }).fill(title);
      await asker.getByRole('combobox', { name: '카테고리' }).selectOption('gen-ai');
      await asker.getByRole('textbox', { name: '태그' }).fill('에이전트');
      await asker.getByRole('textbox', { name: '태그' }).press('Enter');
      await asker.locator('.qa-suggestions').getByRole('button', { name: 'ChatGPT' }).click();
      await asker
        .locator('textarea')
        .fill('## 배경\n대화가 길어질 때 이전 메시지를 어떻게 줄이는지 궁금합니다.\n- 요약\n- 잘라내기');
      await asker.getByRole('button', { name: '질문 등록' }).click();
      await asker.getByRole('heading', { level: 1, name: title }).waitFor();
      const questionUrl = asker.url();
      expect(await asker.title()).toBe(`${title} - Q&A | 펄스`);
      expect(await asker.locator('.qa-markdown h3').first().innerText()).toBe('배경');

      // A second reader, in its own browser context: the dialog opens on vote, then it answers.
      const answerer = await e2e.open(viewport);
      await answerer.goto(questionUrl);
      await answerer.getByRole('heading', { level: 1, name: title }).waitFor();
      await answerer
        .locator('.qa-detail__actions')
        .getByRole('button', { name: /좋아요/ })
        .click();
      await signInThroughDialog(answerer, `답변자${viewport === 'desktop' ? 'D' : 'M'}`);
      await until(async () =>
        expect(await answerer.locator('.qa-detail__actions button[aria-pressed="true"]').count()).toBe(1),
      );
      expect(await textOf(answerer.locator('.qa-detail__actions button').first())).toBe('♥ 좋아요 1');
      const box = answerer.getByRole('textbox', { name: '답변 작성' });
      await box.fill('짧음');
      await answerer.getByText('답변은 최소 10자 이상이어야 합니다.').waitFor();
      await box.fill('최근 메시지 5~10개만 남기고 나머지는 요약해서 시스템 메시지로 넣습니다.');
      await box.press('Control+Enter');
      await until(async () => expect(await answerer.locator('.qa-answer').count()).toBe(1));
      expect(await box.inputValue()).toBe('');
      // Nobody may vote on their own post: the server says so and the count stays.
      await answerer.locator('.qa-answer').getByRole('button', { name: /^추천/ }).click();
      await until(async () =>
        expect(await answerer.locator('.qa-answer button[aria-pressed="true"]').count()).toBe(0),
      );

      // The author accepts: resolved, the accepted answer first, badges from the events.
      await asker.reload();
      await asker.locator('.qa-answer').first().waitFor();
      expect(await asker.locator('.qa-answer').getByRole('button', { name: '삭제' }).count()).toBe(0);
      await asker.locator('.qa-answer').getByRole('button', { name: '추천 0', exact: true }).click();
      await until(async () =>
        expect(await textOf(asker.locator('.qa-answer button[aria-pressed="true"]'))).toBe('▲ 1'),
      );
      await asker.locator('.qa-answer').getByRole('button', { name: '채택' }).click();
      await asker.locator('.qa-answer--accepted .qa-chip--resolved').waitFor();
      await until(async () => {
        await asker.reload();
        await asker.locator('.qa-answer').first().waitFor();
        expect(await asker.locator('header .qa-chip--resolved').count()).toBe(1);
        expect(await asker.locator('.qa-answer').first().getAttribute('class')).toContain(
          'qa-answer--accepted',
        );
        // First question for the asker, first and accepted answer for the answerer (awarded from events).
        expect(await textOf(asker.locator('.qa-detail__meta .badge-list'))).toContain('첫 질문');
        expect(await textOf(asker.locator('.qa-answer .badge-list'))).toContain('채택된 답변');
      }, 30_000);
      await saveScreenshot(asker, `community-question-${viewport}`);

      // The answerer sees no delete button for the question; the author deletes it with the seed's text.
      await answerer.reload();
      await answerer.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(
        await answerer.locator('.qa-detail__actions').getByRole('button', { name: '삭제' }).count(),
      ).toBe(0);
      let confirmText = '';
      asker.once('dialog', (dialog) => {
        confirmText = dialog.message();
        void dialog.accept();
      });
      await asker.locator('.qa-detail__actions').getByRole('button', { name: '삭제' }).click();
      await until(() => expect(new URL(asker.url()).pathname).toBe('/community/qa'));
      expect(confirmText).toBe('정말로 이 질문을 삭제하시겠습니까? 모든 답변도 함께 삭제됩니다.');
      // The gateway caches a question page for a few seconds (gateway/src/documents/page-data.source.ts).
      await until(async () => expect((await asker.goto(questionUrl))?.status()).toBe(404), 20_000);
      await asker.getByText('존재하지 않거나 삭제된 질문입니다.').first().waitFor();
    });

    it('empty and error states: no match for the filters, a failed list with retry, never sample data', async () => {
      const page = await e2e.open(viewport);
      await page.goto('/community/qa?q=%EC%97%86%EB%8A%94%EA%B2%80%EC%83%89%EC%96%B4xyz');
      await page.getByText('검색 조건에 맞는 질문이 없습니다.').waitFor();

      let blocked = true;
      await page.route('**/api/community/questions?**', (route) =>
        blocked
          ? route.fulfill({ status: 503, body: '{"statusCode":503,"error":"x","message":"점검 중"}' })
          : route.continue(),
      );
      await page.goto('/community/qa');
      await page.getByText('질문을 불러오지 못했습니다.').waitFor();
      expect(await page.locator('.qa-card').count()).toBe(0);
      blocked = false;
      await page.getByRole('button', { name: '다시 시도' }).click();
      await page.getByText('질문을 불러오지 못했습니다.').waitFor({ state: 'detached' });
    });
  });
});
