import type { AnswerListResponse, CreateQuestionResponse, QuestionDetailResponse } from '@pulse/contracts';
import type { Page } from 'playwright-core';
import { saveScreenshot, textOf, until, VIEWPORT_NAMES, type ViewportName } from '../support/browser';
import {
  ADMIN_TOKEN,
  apiIdentity,
  apiWrite,
  expectNicknameDialog,
  expectToast,
  actAs,
  loseCredential,
  reportedIds,
  signInThroughDialog as signInByKeyboard,
  storedIdentityId,
  UNAVAILABLE,
  type ApiIdentity,
} from './support/community';
import { useE2e } from './support/suite';

/** Community I: nickname identity and the whole Q&A, two readers in two browser contexts. */
describe('community Q&A (qa remote)', () => {
  const e2e = useE2e({ env: { ADMIN_TOKEN } });

  /** Sets a nickname in the dialog that a protected action opened, going through the length hints. */
  async function signInThroughDialog(page: Page, nickname: string, text?: string) {
    const dialog = await expectNicknameDialog(page, text);
    await dialog.getByLabel('닉네임', { exact: true }).fill(nickname.slice(0, 1));
    await dialog.getByText('닉네임은 2자 이상이어야 합니다.').waitFor();
    await dialog.getByLabel('닉네임', { exact: true }).fill(nickname);
    await dialog.getByText('사용 가능한 닉네임입니다.').waitFor();
    expect(await dialog.getByRole('button', { name: '이메일로 가입 (준비 중)' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: '닉네임으로 시작하기' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  // First, while the site has no question at all (every later test posts some).
  it.each(VIEWPORT_NAMES)(
    'at %s width, the empty list invites the first question, which asks for a nickname',
    async (viewport) => {
      const page = await e2e.open(viewport);
      await page.goto('/community/qa');
      await page.getByText('아직 질문이 없습니다.').waitFor();
      expect(await page.locator('.qa-card').count()).toBe(0);
      await page.getByRole('button', { name: '첫 번째 질문을 올려보세요' }).click();
      await signInByKeyboard(
        page,
        `첫질문${viewport === 'desktop' ? 'D' : 'M'}`,
        '질문을 올리려면 닉네임을 설정해주세요.',
      );
      await until(() => expect(new URL(page.url()).pathname).toBe('/community/qa/ask'));
    },
  );

  describe.each(VIEWPORT_NAMES)('at %s width', (viewport: ViewportName) => {
    const suffix = viewport === 'desktop' ? '데스크톱' : '모바일';
    const title = `에이전트 메모리는 어떻게 관리하나요 ${suffix}`;

    it('nickname → ask → a second reader answers and votes → accept → resolved, badges → delete', async () => {
      const asker = await e2e.open(viewport);
      await asker.goto('/community/qa');
      await asker.getByRole('heading', { level: 1, name: '질문과 답변' }).waitFor();
      await asker.locator('.qa-header').getByRole('button', { name: '질문하기' }).click();
      await signInThroughDialog(
        asker,
        `질문자${viewport === 'desktop' ? 'D' : 'M'}`,
        '질문을 올리려면 닉네임을 설정해주세요.',
      );
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

  /**
   * Every protected action of the question page, signed out (a fresh browser: no record, no cookie): the
   * nickname dialog opens, and once the nickname is set the held action runs (use-identity-gate.tsx) and
   * the server has its effect. 'ask' and the question's like are in the flow above.
   */
  describe.each(VIEWPORT_NAMES)('protected actions at %s width', (viewport: ViewportName) => {
    const tag = viewport === 'desktop' ? 'D' : 'M';
    let author: ApiIdentity;
    let answerer: ApiIdentity;
    let questionId = '';
    let answerId = '';
    const title = `보호된 동작을 확인하는 질문입니다 ${tag}`;
    const questionPath = () => `/community/questions/${questionId}`;
    const answersOnServer = async () =>
      (await e2e.site.api<AnswerListResponse>(`/api/community/questions/${questionId}/answers?sortBy=latest`))
        .data;
    const theAnswer = (page: Page) => page.locator(`.qa-answer[data-answer-id="${answerId}"]`);

    beforeAll(async () => {
      author = await apiIdentity(e2e.site, `글쓴이${tag}`);
      answerer = await apiIdentity(e2e.site, `먼저답한이${tag}`);
      questionId = (
        await apiWrite<CreateQuestionResponse>(e2e.site, author, 'POST', '/api/community/questions', {
          title,
          content: '로그인하지 않은 독자가 보호된 동작을 하면 닉네임 창이 열려야 합니다.',
          category: 'development',
          tags: ['테스트'],
          tagIds: [],
        })
      ).data.id;
      answerId = (
        await apiWrite<{ data: { id: string } }>(
          e2e.site,
          answerer,
          'POST',
          `/api/community/questions/${questionId}/answers`,
          { content: '먼저 달린 답변입니다. 추천과 신고의 대상입니다.' },
        )
      ).data.id;
    });

    /** Opens the question signed out and checks that no author control is offered. */
    async function openSignedOut(): Promise<Page> {
      const page = await e2e.open(viewport);
      await page.goto(questionPath());
      await theAnswer(page).waitFor();
      expect(await storedIdentityId(page)).toBeNull();
      expect(await page.getByRole('button', { name: '채택' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '삭제' }).count()).toBe(0);
      return page;
    }

    const cases: Array<{
      action: string;
      nickname: string;
      start: (page: Page) => Promise<void>;
      completed: (page: Page, nickname: string) => Promise<void>;
    }> = [
      {
        action: 'answer the question',
        nickname: `새답변${tag}`,
        start: async (page) => {
          await page
            .getByRole('textbox', { name: '답변 작성' })
            .fill(`닉네임을 정한 뒤 등록되는 답변 ${tag}`);
          await page.getByRole('button', { name: '답변 등록' }).click();
        },
        completed: async (page, nickname) => {
          const text = `닉네임을 정한 뒤 등록되는 답변 ${tag}`;
          await page.locator('.qa-answer', { hasText: text }).waitFor();
          expect(await page.getByRole('textbox', { name: '답변 작성' }).inputValue()).toBe('');
          // Read through the gateway, whose micro-cache may answer a second-old list: polled.
          await until(async () => {
            const posted = (await answersOnServer()).filter((answer) => answer.content === text);
            expect(posted.map((answer) => answer.user?.displayName)).toEqual([nickname]);
          });
          // Still there once the page is read again (no read overwrote it).
          await page.reload();
          await page.locator('.qa-answer', { hasText: text }).waitFor();
        },
      },
      {
        action: 'upvote an answer',
        nickname: `추천${tag}`,
        start: (page) => theAnswer(page).getByRole('button', { name: '추천 0', exact: true }).click(),
        completed: async (page) => {
          await until(async () =>
            expect(
              await theAnswer(page).locator('button[aria-pressed="true"]').getAttribute('aria-label'),
            ).toBe('추천 1'),
          );
          await until(async () =>
            expect((await answersOnServer()).find((answer) => answer.id === answerId)?.upvotes).toBe(1),
          );
        },
      },
      {
        action: 'report the question',
        nickname: `질문신고${tag}`,
        start: (page) => page.locator('.qa-detail__actions').getByRole('button', { name: '신고' }).click(),
        completed: async (page) => {
          await expectToast(page, '신고가 접수되었습니다.');
          expect((await reportedIds(e2e.site, ''))[questionId]).toBe(1);
        },
      },
      {
        action: 'report an answer',
        nickname: `답변신고${tag}`,
        start: (page) => theAnswer(page).getByRole('button', { name: '신고' }).click(),
        completed: async (page) => {
          await expectToast(page, '신고가 접수되었습니다.');
          expect((await reportedIds(e2e.site, ''))[answerId]).toBe(1);
        },
      },
      {
        action: 'ask the AI assistant about the question',
        nickname: `도우미${tag}`,
        start: (page) =>
          page.locator('.assistant-help').getByRole('button', { name: 'AI 도우미에게 묻기' }).click(),
        completed: async (page) => {
          // The panel opens in place of the button; this site has no LLM, so the answer is search-only.
          const panel = page.locator('.assistant-help .assistant-panel');
          const input = panel.getByRole('textbox', { name: 'AI 도우미에게 보낼 질문' });
          await input.fill('이 질문과 관련된 기사가 있나요?');
          // Enter sends only once the chat session is open; until then it is ignored and the text kept.
          const send = panel.getByRole('button', { name: '보내기' });
          await until(async () => expect(await send.isEnabled()).toBe(true));
          await input.press('Enter');
          await panel.locator('.assistant-message--assistant .assistant-message__badge').waitFor();
          expect(await panel.locator('.assistant-message--user').innerText()).toContain(
            '이 질문과 관련된 기사가 있나요?',
          );
        },
      },
    ];

    it.each(cases)('signed out, "$action" opens the nickname dialog, then completes', async (c) => {
      const page = await openSignedOut();
      await c.start(page);
      await signInByKeyboard(page, c.nickname);
      expect(await storedIdentityId(page)).not.toBeNull();
      await c.completed(page, c.nickname);
    });

    /*
     * Accept and delete are offered only to the post's author, so a reader with no identity never sees
     * them, and a nickname set in the dialog would be a new identity that owns nothing: the dialog has no
     * meaning here. "Signed out" for them is the author whose credential is gone (cookie expired or
     * cleared, the display record still there). Gone before the visit: the page's first community call
     * (the bell) is refused, the stale record goes and the page is the signed-out one. Gone while the page
     * is open: the server refuses the action, the page says so, drops the record and with it the author's
     * controls, and the post is as it was.
     */
    it("accept and delete with the author's credential gone: no author controls, or refused and said; nothing changes", async () => {
      const authorControls = (page: Page) => page.getByRole('button', { name: /^(채택|삭제)$/ }).count();
      const signedOutView = async (page: Page) => {
        await until(async () => expect(await storedIdentityId(page)).toBeNull());
        await until(async () => expect(await authorControls(page)).toBe(0));
        expect(await page.locator('.qa-detail__actions').getByRole('button', { name: '신고' }).count()).toBe(
          1,
        );
        expect(await page.getByRole('dialog', { name: '로그인 필요' }).count()).toBe(0);
      };

      const before = await e2e.open(viewport);
      await actAs(before, e2e.site, author, { credential: false });
      await before.goto(questionPath());
      await theAnswer(before).waitFor();
      await signedOutView(before);

      const messages: string[] = [];
      const openAs = async (who: ApiIdentity) => {
        const page = await e2e.open(viewport);
        page.on('dialog', (dialog) => {
          messages.push(`${dialog.type()}: ${dialog.message()}`);
          void dialog.accept();
        });
        await actAs(page, e2e.site, who);
        await page.goto(questionPath());
        await theAnswer(page).waitFor();
        return page;
      };

      const accepting = await openAs(author);
      const accept = theAnswer(accepting).getByRole('button', { name: '채택' });
      await accept.waitFor();
      await loseCredential(accepting);
      await accept.click();
      await expectToast(
        accepting,
        '답변을 채택하지 못했습니다. 다시 시도해주세요.',
        '닉네임을 설정해야 이용할 수 있습니다.',
      );
      await signedOutView(accepting);
      const onServer = await e2e.site.api<QuestionDetailResponse>(`/api/community/questions/${questionId}`);
      expect(onServer.data.acceptedAnswerId).toBeFalsy();

      const deletingQuestion = await openAs(author);
      const deleteQuestion = deletingQuestion
        .locator('.qa-detail__actions')
        .getByRole('button', { name: '삭제' });
      await deleteQuestion.waitFor();
      await loseCredential(deletingQuestion);
      await deleteQuestion.click();
      await until(() => expect(messages).toHaveLength(2));
      await signedOutView(deletingQuestion);
      await e2e.site.api(`/api/community/questions/${questionId}`);

      const deletingAnswer = await openAs(answerer);
      const deleteAnswer = theAnswer(deletingAnswer).getByRole('button', { name: '삭제' });
      await deleteAnswer.waitFor();
      await loseCredential(deletingAnswer);
      await deleteAnswer.click();
      await until(() => expect(messages).toHaveLength(4));
      await until(async () => expect(await storedIdentityId(deletingAnswer)).toBeNull());
      expect(await theAnswer(deletingAnswer).getByRole('button', { name: '삭제' }).count()).toBe(0);
      expect((await answersOnServer()).map((answer) => answer.id)).toContain(answerId);

      expect(messages).toEqual([
        'confirm: 정말로 이 질문을 삭제하시겠습니까? 모든 답변도 함께 삭제됩니다.',
        'alert: 닉네임을 설정해야 이용할 수 있습니다.',
        'confirm: 정말로 이 답변을 삭제하시겠습니까?',
        'alert: 닉네임을 설정해야 이용할 수 있습니다.',
      ]);
    });

    it('a question the server refuses keeps the form (after the nickname), and sending again posts it', async () => {
      const page = await e2e.open(viewport);
      let failing = true;
      await page.route('**/api/community/questions', (route) =>
        failing && route.request().method() === 'POST' ? route.fulfill(UNAVAILABLE) : route.continue(),
      );
      await page.goto('/community/qa/ask');
      const refused = `처음에는 거절되는 질문입니다 ${tag}`;
      const body = '서버가 한 번 거절해도 작성한 질문은 그대로 남아 있어야 합니다.';
      await page.getByRole('textbox', { name: '제목' }).fill(refused);
      await page.getByRole('combobox', { name: '카테고리' }).selectOption('development');
      await page.locator('textarea').first().fill(body);
      await page.getByRole('button', { name: '질문 등록' }).click();
      await signInByKeyboard(page, `거절질문${tag}`, '질문을 올리려면 닉네임을 설정해주세요.');
      await page
        .getByRole('alert')
        .filter({ hasText: '질문 등록에 실패했습니다. 다시 시도해주세요.' })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/community/qa/ask');
      expect(await page.getByRole('textbox', { name: '제목' }).inputValue()).toBe(refused);
      expect(await page.locator('textarea').first().inputValue()).toBe(body);
      failing = false;
      await page.getByRole('button', { name: '질문 등록' }).click();
      await page.getByRole('heading', { level: 1, name: refused }).waitFor();
    });

    it('error states: unknown question, a failed question or answers load with retry, a failed answer keeps its text', async () => {
      const page = await e2e.open(viewport);
      await page.goto('/community/questions/no-such-question-id');
      await page.getByRole('heading', { level: 1, name: '질문을 찾을 수 없습니다' }).waitFor();
      await page.getByText('존재하지 않거나 삭제된 질문입니다.').waitFor();
      expect(await page.getByRole('link', { name: '질문 목록으로' }).getAttribute('href')).toBe(
        '/community/qa',
      );

      // The question's own call fails: an error with retry, never a sample question.
      let failing: 'question' | 'answers' | 'post' | null = 'question';
      await page.route(`**/api/community/questions/${questionId}`, (route) =>
        failing === 'question' ? route.fulfill(UNAVAILABLE) : route.continue(),
      );
      await page.route(`**/api/community/questions/${questionId}/answers**`, (route) =>
        (failing === 'answers' && route.request().method() === 'GET') ||
        (failing === 'post' && route.request().method() === 'POST')
          ? route.fulfill(UNAVAILABLE)
          : route.continue(),
      );
      await page.goto(questionPath());
      const failed = page.getByRole('alert').filter({ hasText: '질문을 불러오지 못했습니다.' });
      await failed.getByText('점검 중입니다.').waitFor();
      expect(await page.getByRole('heading', { level: 1, name: title }).count()).toBe(0);
      failing = null;
      await failed.getByRole('button', { name: '다시 시도' }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();

      // The answers fail on their own: the question stays, the answers say so and retry.
      failing = 'answers';
      await page.reload();
      const answersFailed = page.getByRole('alert').filter({ hasText: '답변을 불러오지 못했습니다.' });
      await answersFailed.waitFor();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.locator('.qa-answer').count()).toBe(0);
      failing = null;
      await answersFailed.getByRole('button', { name: '다시 시도' }).click();
      await theAnswer(page).waitFor();

      // Posting an answer fails (after the nickname is set): the text stays, and sending again posts it.
      failing = 'post';
      const text = `첫 시도는 실패하는 답변입니다 ${tag}`;
      const box = page.getByRole('textbox', { name: '답변 작성' });
      await box.fill(text);
      await page.getByRole('button', { name: '답변 등록' }).click();
      await signInByKeyboard(page, `실패답변${tag}`);
      await page
        .getByRole('alert')
        .filter({ hasText: '답변을 등록하지 못했습니다. 작성한 내용은 그대로 있습니다.' })
        .waitFor();
      expect(await box.inputValue()).toBe(text);
      expect((await answersOnServer()).filter((answer) => answer.content === text)).toHaveLength(0);
      failing = null;
      await page.getByRole('button', { name: '답변 등록' }).click();
      await page.locator('.qa-answer', { hasText: text }).waitFor();
      expect(await box.inputValue()).toBe('');
      expect(await page.getByText('답변을 등록하지 못했습니다.').count()).toBe(0);
      await until(async () =>
        expect((await answersOnServer()).filter((answer) => answer.content === text)).toHaveLength(1),
      );
    });
  });
});
