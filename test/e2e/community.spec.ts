import type { AnswerListResponse, CreateQuestionResponse, QuestionDetailResponse } from '@pulse/contracts';
import type { Page } from '@playwright/test';
import { saveScreenshot } from '../support/browser';
import {
  ADMIN_TOKEN,
  apiIdentity,
  apiWrite,
  expectNicknameDialog,
  expectToast,
  actAs,
  identityCallsAnswered,
  loseCredential,
  reportedIds,
  signInThroughDialog as signInByKeyboard,
  storedIdentityId,
  UNAVAILABLE,
  type ApiIdentity,
} from './support/community';
import { expect, test, type E2e } from './support/fixtures';
import type { Site } from './support/site';

test.use({ siteOptions: { spec: 'community', env: { ADMIN_TOKEN } } });

/** Community I: nickname identity and the whole Q&A, two readers in two browser contexts. */
test.describe('community Q&A (qa remote)', () => {
  /** Sets a nickname in the dialog that a protected action opened, going through the length hints. */
  async function signInThroughDialog(page: Page, nickname: string, text?: string) {
    const dialog = await expectNicknameDialog(page, text);
    await dialog.getByLabel('닉네임', { exact: true }).fill(nickname.slice(0, 1));
    await expect(dialog.getByText('닉네임은 2자 이상이어야 합니다.')).toBeVisible();
    await dialog.getByLabel('닉네임', { exact: true }).fill(nickname);
    await expect(dialog.getByText('사용 가능한 닉네임입니다.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /이메일/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: '닉네임으로 시작하기' }).click();
    await expect(dialog).toHaveCount(0);
  }

  // First, while the site has no question at all (every later test posts some).
  test('the empty list invites the first question, which asks for a nickname', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const page = await e2e.open();
    await page.goto('/community/qa');
    await expect(page.getByText('아직 질문이 없습니다.')).toBeVisible();
    await expect(page.locator('.qa-card')).toHaveCount(0);
    await page.getByRole('button', { name: '첫 번째 질문을 올려보세요' }).click();
    await signInByKeyboard(
      page,
      `첫질문${viewport === 'desktop' ? 'D' : 'M'}`,
      '질문을 올리려면 닉네임을 설정해주세요.',
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe('/community/qa/ask');
  });

  let suffix = '';
  let title = '';
  test.beforeAll(({ viewportName: viewport }) => {
    suffix = viewport === 'desktop' ? '데스크톱' : '모바일';
    title = `에이전트 메모리는 어떻게 관리하나요 ${suffix}`;
  });

  test('nickname → ask → a second reader answers and votes → accept → resolved, badges → delete', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const asker = await e2e.open();
    await asker.goto('/community/qa');
    await expect(asker.getByRole('heading', { level: 1, name: '질문과 답변' })).toBeVisible();
    await asker.locator('.qa-header').getByRole('button', { name: '질문하기' }).click();
    await signInThroughDialog(
      asker,
      `질문자${viewport === 'desktop' ? 'D' : 'M'}`,
      '질문을 올리려면 닉네임을 설정해주세요.',
    );
    await expect.poll(() => new URL(asker.url()).pathname).toBe('/community/qa/ask');

    await asker.getByRole('button', { name: '질문 등록' }).click();
    await expect(asker.getByText('제목을 입력해주세요.')).toBeVisible();
    await asker.getByRole('textbox', { name: '제목' }).fill(title);
    await asker.getByRole('combobox', { name: '카테고리' }).selectOption('gen-ai');
    await asker.getByRole('textbox', { name: '태그' }).fill('에이전트');
    await asker.getByRole('textbox', { name: '태그' }).press('Enter');
    await asker.locator('.qa-suggestions').getByRole('button', { name: 'ChatGPT' }).click();
    await asker
      .locator('textarea')
      .fill('## 배경\n대화가 길어질 때 이전 메시지를 어떻게 줄이는지 궁금합니다.\n- 요약\n- 잘라내기');
    await asker.getByRole('button', { name: '질문 등록' }).click();
    await expect(asker.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const questionUrl = asker.url();
    await expect(asker).toHaveTitle(`${title} - Q&A | 펄스`);
    await expect(asker.locator('.qa-markdown h3').first()).toHaveText('배경', { useInnerText: true });

    // A second reader, in its own browser context: the dialog opens on vote, then it answers.
    const answerer = await e2e.open();
    await answerer.goto(questionUrl);
    await expect(answerer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await answerer
      .locator('.qa-detail__actions')
      .getByRole('button', { name: /좋아요/ })
      .click();
    await signInThroughDialog(answerer, `답변자${viewport === 'desktop' ? 'D' : 'M'}`);
    await expect(answerer.locator('.qa-detail__actions button[aria-pressed="true"]')).toHaveCount(1);
    await expect(answerer.locator('.qa-detail__actions button').first()).toHaveText('좋아요 1', {
      useInnerText: true,
    });
    // The question is the same bytes for every reader: once the like's purge has dropped the shared copies
    // another reader sees the count, pressed for no one else; the voter, reloading, sees it pressed again
    // from the reader-state call.
    await expect(async () => {
      await asker.reload();
      await expect(asker.locator('.qa-detail__actions button').first()).toHaveText('좋아요 1', {
        useInnerText: true,
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(asker.locator('.qa-detail__actions button[aria-pressed="true"]')).toHaveCount(0);
    await answerer.reload();
    await expect(answerer.locator('.qa-detail__actions button[aria-pressed="true"]')).toHaveCount(1);

    const box = answerer.getByRole('textbox', { name: '답변 작성' });
    await box.fill('짧음');
    await expect(answerer.getByText('답변은 최소 10자 이상이어야 합니다.')).toBeVisible();
    await box.fill('최근 메시지 5~10개만 남기고 나머지는 요약해서 시스템 메시지로 넣습니다.');
    await box.press('Control+Enter');
    await expect(answerer.locator('.qa-answer')).toHaveCount(1);
    await expect(box).toHaveValue('');
    // Nobody may vote on their own post: the server says so and the count stays.
    await answerer.locator('.qa-answer').getByRole('button', { name: /^추천/ }).click();
    await expect(answerer.locator('.qa-answer button[aria-pressed="true"]')).toHaveCount(0);

    // The author accepts: resolved, the accepted answer first, badges from the events.
    await asker.reload();
    await expect(asker.locator('.qa-answer').first()).toBeVisible();
    await expect(asker.locator('.qa-answer').getByRole('button', { name: '삭제' })).toHaveCount(0);
    await asker.locator('.qa-answer').getByRole('button', { name: '추천 0', exact: true }).click();
    await expect(asker.locator('.qa-answer button[aria-pressed="true"]')).toHaveText('1', {
      useInnerText: true,
    });
    await asker.locator('.qa-answer').getByRole('button', { name: '채택' }).click();
    await expect(asker.locator('.qa-answer--accepted .qa-chip--resolved')).toBeVisible();
    await expect(async () => {
      await asker.reload();
      await expect(asker.locator('.qa-answer').first()).toBeVisible();
      await expect(asker.locator('header .qa-chip--resolved')).toHaveCount(1);
      expect(await asker.locator('.qa-answer').first().getAttribute('class')).toContain(
        'qa-answer--accepted',
      );
      // First question for the asker, first and accepted answer for the answerer (awarded from events).
      await expect(asker.locator('.qa-detail__meta .badge-list')).toContainText('첫 질문', {
        useInnerText: true,
      });
      await expect(asker.locator('.qa-answer .badge-list')).toContainText('채택된 답변', {
        useInnerText: true,
      });
    }).toPass({ timeout: 30_000 });
    await saveScreenshot(asker, `community-question-${viewport}`);

    // The answerer sees no delete button for the question; the author deletes it with the seed's text.
    await answerer.reload();
    await expect(answerer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(answerer.locator('.qa-detail__actions').getByRole('button', { name: '삭제' })).toHaveCount(
      0,
    );
    let confirmText = '';
    asker.once('dialog', (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await asker.locator('.qa-detail__actions').getByRole('button', { name: '삭제' }).click();
    await expect.poll(() => new URL(asker.url()).pathname).toBe('/community/qa');
    expect(confirmText).toBe('정말로 이 질문을 삭제하시겠습니까? 모든 답변도 함께 삭제됩니다.');
    // The question's purge reaches the gateway's held document a moment after the delete.
    await expect
      .poll(async () => (await asker.goto(questionUrl))?.status(), {
        timeout: 20_000,
      })
      .toBe(410);
    // Deleted on purpose: gone (410), not unknown (404).
    await expect(asker.getByRole('heading', { name: '삭제된 질문입니다' })).toBeVisible();
  });

  test('empty and error states: no match for the filters, a failed list with retry, never sample data', async ({
    e2e,
  }) => {
    const page = await e2e.open();
    await page.goto('/community/qa?q=%EC%97%86%EB%8A%94%EA%B2%80%EC%83%89%EC%96%B4xyz');
    await expect(page.getByText('검색 조건에 맞는 질문이 없습니다.')).toBeVisible();

    // The list's first page arrives in the document (server-rendered); the browser's own read of another
    // order is the one that fails.
    await page.goto('/community/qa');
    await expect(page.getByRole('heading', { level: 1, name: '질문과 답변' })).toBeVisible();
    let blocked = true;
    await page.route('**/api/community/questions?**', (route) =>
      blocked
        ? route.fulfill({ status: 503, body: '{"statusCode":503,"error":"x","message":"점검 중"}' })
        : route.continue(),
    );
    await page.getByRole('combobox', { name: '정렬' }).selectOption('popular');
    await expect(page).toHaveURL(/[?&]sort=popular/);
    await expect(page.getByText('질문을 불러오지 못했습니다.')).toBeVisible();
    await expect(page.locator('.qa-card')).toHaveCount(0);
    blocked = false;
    await page.getByRole('button', { name: '다시 시도' }).click();
    await expect(page.getByText('질문을 불러오지 못했습니다.')).toHaveCount(0);
  });

  /**
   * Every protected action of the question page, signed out (a fresh browser: no record, no cookie): the
   * nickname dialog opens, and once the nickname is set the held action runs (use-identity-gate.tsx) and
   * the server has its effect. 'ask' and the question's like are in the flow above.
   */
  test.describe('protected actions', () => {
    // Set by beforeAll: the nicknames and texts carry the width, as the readers' names did.
    let site: Site;
    let tag = '';
    let title = '';
    let author: ApiIdentity;
    let answerer: ApiIdentity;
    let questionId = '';
    let answerId = '';
    const questionPath = () => `/community/questions/${questionId}`;
    const answersOnServer = async () =>
      (await site.api<AnswerListResponse>(`/api/community/questions/${questionId}/answers?sortBy=latest`))
        .data;
    const theAnswer = (page: Page) => page.locator(`.qa-answer[data-answer-id="${answerId}"]`);

    test.beforeAll(async ({ site: started, viewportName: viewport }) => {
      site = started;
      tag = viewport === 'desktop' ? 'D' : 'M';
      title = `보호된 동작을 확인하는 질문입니다 ${tag}`;
      author = await apiIdentity(site, `글쓴이${tag}`);
      answerer = await apiIdentity(site, `먼저답한이${tag}`);
      questionId = (
        await apiWrite<CreateQuestionResponse>(site, author, 'POST', '/api/community/questions', {
          title,
          content: '로그인하지 않은 독자가 보호된 동작을 하면 닉네임 창이 열려야 합니다.',
          category: 'development',
          tags: ['테스트'],
          tagIds: [],
        })
      ).data.id;
      answerId = (
        await apiWrite<{ data: { id: string } }>(
          site,
          answerer,
          'POST',
          `/api/community/questions/${questionId}/answers`,
          { content: '먼저 달린 답변입니다. 추천과 신고의 대상입니다.' },
        )
      ).data.id;
    });

    /** Opens the question signed out and checks that no author control is offered. */
    async function openSignedOut(e2e: E2e): Promise<Page> {
      const page = await e2e.open();
      await page.goto(questionPath());
      await expect(theAnswer(page)).toBeVisible();
      expect(await storedIdentityId(page)).toBeNull();
      await expect(page.getByRole('button', { name: '채택' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: '삭제' })).toHaveCount(0);
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
        get nickname() {
          return `새답변${tag}`;
        },
        start: async (page) => {
          await page
            .getByRole('textbox', { name: '답변 작성' })
            .fill(`닉네임을 정한 뒤 등록되는 답변 ${tag}`);
          await page.getByRole('button', { name: '답변 등록' }).click();
        },
        completed: async (page, nickname) => {
          const text = `닉네임을 정한 뒤 등록되는 답변 ${tag}`;
          await expect(page.locator('.qa-answer', { hasText: text })).toBeVisible();
          await expect(page.getByRole('textbox', { name: '답변 작성' })).toHaveValue('');
          // Read through the gateway, whose micro-cache may answer a second-old list: polled.
          await expect(async () => {
            const posted = (await answersOnServer()).filter((answer) => answer.content === text);
            expect(posted.map((answer) => answer.user?.displayName)).toEqual([nickname]);
          }).toPass();
          // Still there once the page is read again (no read overwrote it).
          await page.reload();
          await expect(page.locator('.qa-answer', { hasText: text })).toBeVisible();
        },
      },
      {
        action: 'upvote an answer',
        get nickname() {
          return `추천${tag}`;
        },
        start: (page) => theAnswer(page).getByRole('button', { name: '추천 0', exact: true }).click(),
        completed: async (page) => {
          await expect
            .poll(() => theAnswer(page).locator('button[aria-pressed="true"]').getAttribute('aria-label'))
            .toBe('추천 1');
          await expect
            .poll(async () => (await answersOnServer()).find((answer) => answer.id === answerId)?.upvotes)
            .toBe(1);
        },
      },
      {
        action: 'report the question',
        get nickname() {
          return `질문신고${tag}`;
        },
        start: (page) => page.locator('.qa-detail__actions').getByRole('button', { name: '신고' }).click(),
        completed: async (page) => {
          await expectToast(page, '신고가 접수되었습니다.');
          expect((await reportedIds(site, ''))[questionId]).toBe(1);
        },
      },
      {
        action: 'report an answer',
        get nickname() {
          return `답변신고${tag}`;
        },
        start: (page) => theAnswer(page).getByRole('button', { name: '신고' }).click(),
        completed: async (page) => {
          await expectToast(page, '신고가 접수되었습니다.');
          expect((await reportedIds(site, ''))[answerId]).toBe(1);
        },
      },
      {
        action: 'ask the AI assistant about the question',
        get nickname() {
          return `도우미${tag}`;
        },
        start: (page) =>
          page.locator('.assistant-help').getByRole('button', { name: 'AI 도우미에게 묻기' }).click(),
        completed: async (page) => {
          // The panel opens in place of the button; this site has no LLM, so the answer is search-only.
          const panel = page.locator('.assistant-help .assistant-panel');
          const input = panel.getByRole('textbox', { name: 'AI 도우미에게 보낼 질문' });
          await input.fill('이 질문과 관련된 기사가 있나요?');
          // Enter sends only once the chat session is open; until then it is ignored and the text kept.
          const send = panel.getByRole('button', { name: '보내기' });
          await expect(send).toBeEnabled();
          await input.press('Enter');
          await expect(
            panel.locator('.assistant-message--assistant .assistant-message__badge'),
          ).toBeVisible();
          await expect(panel.locator('.assistant-message--user')).toContainText(
            '이 질문과 관련된 기사가 있나요?',
            { useInnerText: true },
          );
        },
      },
    ];

    for (const c of cases)
      test(`signed out, "${c.action}" opens the nickname dialog, then completes`, async ({ e2e }) => {
        const page = await openSignedOut(e2e);
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
    test("accept and delete with the author's credential gone: no author controls, or refused and said; nothing changes", async ({
      e2e,
    }) => {
      const authorControls = (page: Page) => page.getByRole('button', { name: /^(채택|삭제)$/ }).count();
      const signedOutView = async (page: Page) => {
        await expect.poll(() => storedIdentityId(page)).toBeNull();
        await expect.poll(() => authorControls(page)).toBe(0);
        await expect(page.locator('.qa-detail__actions').getByRole('button', { name: '신고' })).toHaveCount(
          1,
        );
        await expect(page.getByRole('dialog', { name: '로그인 필요' })).toHaveCount(0);
      };

      const before = await e2e.open();
      await actAs(before, e2e.site, author, { credential: false });
      await before.goto(questionPath());
      await expect(theAnswer(before)).toBeVisible();
      await signedOutView(before);

      const messages: string[] = [];
      const openAs = async (who: ApiIdentity) => {
        const page = await e2e.open();
        page.on('dialog', (dialog) => {
          messages.push(`${dialog.type()}: ${dialog.message()}`);
          void dialog.accept();
        });
        await actAs(page, e2e.site, who);
        const firstCalls = identityCallsAnswered(page, 'answers');
        await page.goto(questionPath());
        await expect(theAnswer(page)).toBeVisible();
        await firstCalls;
        return page;
      };

      const accepting = await openAs(author);
      const accept = theAnswer(accepting).getByRole('button', { name: '채택' });
      await expect(accept).toBeVisible();
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
      await expect(deleteQuestion).toBeVisible();
      await loseCredential(deletingQuestion);
      await deleteQuestion.click();
      await expect.poll(() => messages).toHaveLength(2);
      await signedOutView(deletingQuestion);
      await e2e.site.api(`/api/community/questions/${questionId}`);

      const deletingAnswer = await openAs(answerer);
      const deleteAnswer = theAnswer(deletingAnswer).getByRole('button', { name: '삭제' });
      await expect(deleteAnswer).toBeVisible();
      await loseCredential(deletingAnswer);
      await deleteAnswer.click();
      await expect.poll(() => messages).toHaveLength(4);
      await expect.poll(() => storedIdentityId(deletingAnswer)).toBeNull();
      await expect(theAnswer(deletingAnswer).getByRole('button', { name: '삭제' })).toHaveCount(0);
      expect((await answersOnServer()).map((answer) => answer.id)).toContain(answerId);

      const questionMessages = [
        'confirm: 정말로 이 질문을 삭제하시겠습니까? 모든 답변도 함께 삭제됩니다.',
        'alert: 닉네임을 설정해야 이용할 수 있습니다.',
      ];
      const answerMessages = [
        'confirm: 정말로 이 답변을 삭제하시겠습니까?',
        'alert: 닉네임을 설정해야 이용할 수 있습니다.',
      ];
      expect(messages).toEqual([...questionMessages, ...answerMessages]);
    });

    test('a question the server refuses keeps the form (after the nickname), and sending again posts it', async ({
      e2e,
    }) => {
      const page = await e2e.open();
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
      await expect(
        page.getByRole('alert').filter({ hasText: '질문 등록에 실패했습니다. 다시 시도해주세요.' }),
      ).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/community/qa/ask');
      await expect(page.getByRole('textbox', { name: '제목' })).toHaveValue(refused);
      await expect(page.locator('textarea').first()).toHaveValue(body);
      failing = false;
      await page.getByRole('button', { name: '질문 등록' }).click();
      await expect(page.getByRole('heading', { level: 1, name: refused })).toBeVisible();
    });

    test('error states: unknown question, a failed question or answers load with retry, a failed answer keeps its text', async ({
      e2e,
    }) => {
      const page = await e2e.open();
      await page.goto('/community/questions/no-such-question-id');
      await expect(page.getByRole('heading', { level: 1, name: '질문을 찾을 수 없습니다' })).toBeVisible();
      await expect(page.getByText('존재하지 않거나 삭제된 질문입니다.')).toBeVisible();
      await expect(page.getByRole('link', { name: '질문 목록으로' })).toHaveAttribute(
        'href',
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
      // Opened within the app (a server-rendered question page already carries the question and its
      // answers, so its own calls are what the browser makes when a reader follows a link).
      const openFromList = async () => {
        await page.goto('/community/qa');
        await page.getByRole('link', { name: title }).first().click();
        await expect(page).toHaveURL(new RegExp(`${questionPath()}$`));
      };
      await openFromList();
      const failed = page.getByRole('alert').filter({ hasText: '질문을 불러오지 못했습니다.' });
      await expect(failed.getByText('점검 중입니다.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
      failing = null;
      await failed.getByRole('button', { name: '다시 시도' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // The answers fail on their own: the question stays, the answers say so and retry.
      failing = 'answers';
      await openFromList();
      const answersFailed = page.getByRole('alert').filter({ hasText: '답변을 불러오지 못했습니다.' });
      await expect(answersFailed).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('.qa-answer')).toHaveCount(0);
      failing = null;
      await answersFailed.getByRole('button', { name: '다시 시도' }).click();
      await expect(theAnswer(page)).toBeVisible();

      // Posting an answer fails (after the nickname is set): the text stays, and sending again posts it.
      failing = 'post';
      const text = `첫 시도는 실패하는 답변입니다 ${tag}`;
      const box = page.getByRole('textbox', { name: '답변 작성' });
      await box.fill(text);
      await page.getByRole('button', { name: '답변 등록' }).click();
      await signInByKeyboard(page, `실패답변${tag}`);
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: '답변을 등록하지 못했습니다. 작성한 내용은 그대로 있습니다.' }),
      ).toBeVisible();
      await expect(box).toHaveValue(text);
      expect((await answersOnServer()).filter((answer) => answer.content === text)).toHaveLength(0);
      failing = null;
      await page.getByRole('button', { name: '답변 등록' }).click();
      await expect(page.locator('.qa-answer', { hasText: text })).toBeVisible();
      await expect(box).toHaveValue('');
      await expect(page.getByText('답변을 등록하지 못했습니다.')).toHaveCount(0);
      await expect
        .poll(async () => (await answersOnServer()).filter((answer) => answer.content === text))
        .toHaveLength(1);
    });
  });
});
