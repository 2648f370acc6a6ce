import type { AnonymousAuthResponse, ArticleComment, NewsListResponse } from '@pulse/contracts';
import type { Locator, Page } from '@playwright/test';
import {
  actAs,
  ADMIN_TOKEN,
  apiIdentity,
  apiWrite,
  expectToast,
  identityCallsAnswered,
  loseCredential,
  reportedIds,
  signInThroughDialog,
  storedIdentityId,
  UNAVAILABLE,
  type ApiIdentity,
} from './support/community';
import { saveScreenshot, scrollToDeferred, until, type ViewportName } from '../support/browser';
import { expect, test, type E2e } from './support/fixtures';
import type { Site } from './support/site';

const tagOf = (viewport: ViewportName) => (viewport === 'desktop' ? 'D' : 'M');

test.use({ siteOptions: { spec: 'comments', env: { ADMIN_TOKEN } } });

/**
 * Community II: article comments (services/community/README.md 'Article comments'), on the shell's article page
 * and on the news remote's content detail, by two readers in two browser contexts, plus a third identity
 * reacting through the API (Bearer) to give the sorts something to order.
 */
test.describe('article comments', () => {
  let news: string[] = [];

  test.beforeAll(async ({ site }) => {
    news = (await site.api<NewsListResponse>('/api/content/news?limit=50&offset=0')).articles.map(
      (a) => a.id,
    );
  });

  /** Opens (or reloads) an article page and scrolls to its comments, which load when they come into view. */
  async function showComments(page: Page, url?: string) {
    if (url) await page.goto(url);
    else await page.reload();
    await scrollToDeferred(page, 'discussion');
  }

  /** A comment's own block (not its replies), found by its text. */
  const commentBody = (page: Page, text: string): Locator =>
    page.locator('.comment__body').filter({ has: page.locator('.comment__text', { hasText: text }) });
  const topLevelTexts = (page: Page) =>
    page.locator('.comments__list > .comment > .comment__body .comment__text').allInnerTexts();
  const react = (page: Page, text: string, name: RegExp) =>
    commentBody(page, text).getByRole('button', { name }).click();
  const reactionLabels = async (page: Page, text: string) =>
    Promise.all(
      [/^좋아요/, /^싫어요/].map(async (name) => {
        const button = commentBody(page, text).getByRole('button', { name });
        return `${await button.getAttribute('aria-label')}:${await button.getAttribute('aria-pressed')}`;
      }),
    );

  /**
   * Runs `act` and waits until the server has answered the community write it sends (`method` on a path
   * matching `path`) with `status`. The screen changes at once (an optimistic comment, a deleted mark),
   * before the server holds the change; and `not.toHaveAttribute('aria-busy')` also holds while the
   * comment is not drawn yet. A second reader who reloads must come after the answer, or a slow server
   * (CI under load) hands them the list from before it.
   */
  async function answered(
    page: Page,
    write: { method: 'POST' | 'PATCH' | 'DELETE'; path: RegExp; status: number },
    act: () => Promise<unknown>,
  ): Promise<void> {
    const response = page.waitForResponse(
      (candidate) =>
        candidate.request().method() === write.method && write.path.test(new URL(candidate.url()).pathname),
    );
    await act();
    expect((await response).status()).toBe(write.status);
  }
  const POSTED_COMMENT = {
    method: 'POST',
    path: /\/api\/community\/articles\/[^/]+\/comments$/,
    status: 201,
  } as const;
  const POSTED_REPLY = {
    method: 'POST',
    path: /\/api\/community\/comments\/[^/]+\/replies$/,
    status: 201,
  } as const;
  const EDITED = { method: 'PATCH', path: /\/api\/community\/comments\/[^/]+$/, status: 200 } as const;
  const VOTED = { method: 'POST', path: /\/api\/community\/comments\/[^/]+\/vote$/, status: 200 } as const;
  const DELETED = { method: 'DELETE', path: /\/api\/community\/comments\/[^/]+$/, status: 200 } as const;

  test('comment, like/dislike switching, replies to depth 3 and no deeper, edit, every sort, delete keeping replies', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const tag = tagOf(viewport);
    const articleId = news[viewport === 'desktop' ? 0 : 1];
    const first = `첫 댓글입니다 ${tag}`;

    // Reader A, on the shell's article page: the empty state, then a comment through the nickname dialog.
    const a = await e2e.open();
    await showComments(a, `/article/${articleId}`);
    const section = a.locator('section.comments');
    await expect(section.getByText('아직 댓글이 없습니다.')).toBeVisible();
    await expect(section.locator('[aria-pressed="true"]')).toHaveText('인기순', { useInnerText: true });
    const box = section.getByRole('textbox', { name: '댓글 쓰기' });
    await box.fill('짧음');
    await expect(section.getByText('최소 5자 이상 입력해주세요.')).toBeVisible();
    await expect(section.locator('.comment-composer__count').first()).toHaveText('2/2000', {
      useInnerText: true,
    });
    await expect(section.getByRole('button', { name: '등록' })).toBeDisabled();
    await box.fill(first);
    await answered(a, POSTED_COMMENT, async () => {
      await box.press('Control+Enter');
      await signInThroughDialog(a, `댓글러${tag}`);
    });
    await expect(commentBody(a, first)).toBeVisible();
    await expect(commentBody(a, first)).not.toHaveAttribute('aria-busy');
    await expect(box).toHaveValue('');
    await expect(commentBody(a, first).locator('.comment__author')).toHaveText(`댓글러${tag}`, {
      useInnerText: true,
    });
    // Nobody reacts to their own comment: the server refuses, the count rolls back with a toast.
    await react(a, first, /^좋아요/);
    await expect.poll(() => reactionLabels(a, first)).toEqual(['좋아요 0:false', '싫어요 0:false']);

    // Reader B, on the news remote's content detail: like → dislike → withdrawn → like.
    const b = await e2e.open();
    await showComments(b, `/news/${articleId}`);
    await expect(commentBody(b, first)).toBeVisible();
    await expect(commentBody(b, first).getByRole('button', { name: '수정' })).toHaveCount(0);
    await expect(commentBody(b, first).getByRole('button', { name: '삭제' })).toHaveCount(0);
    await answered(b, VOTED, async () => {
      await react(b, first, /^좋아요/);
      await signInThroughDialog(b, `답글러${tag}`);
    });
    await expect.poll(() => reactionLabels(b, first)).toEqual(['좋아요 1:true', '싫어요 0:false']);
    await answered(b, VOTED, () => react(b, first, /^싫어요/));
    await expect.poll(() => reactionLabels(b, first)).toEqual(['좋아요 0:false', '싫어요 1:true']);
    await answered(b, VOTED, () => react(b, first, /^싫어요/));
    await expect.poll(() => reactionLabels(b, first)).toEqual(['좋아요 0:false', '싫어요 0:false']);
    await answered(b, VOTED, () => react(b, first, /^좋아요/));
    await expect.poll(() => reactionLabels(b, first)).toEqual(['좋아요 1:true', '싫어요 0:false']);
    // Reloaded, the thread is the shared copy (no one's reaction in it); the like comes back pressed from
    // the reader-state call.
    await showComments(b);
    await expect.poll(() => reactionLabels(b, first)).toEqual(['좋아요 1:true', '싫어요 0:false']);
    // Another reader sees the like once its purge has dropped the gateway's shared copy, pressed for no one
    // but the reader who made it.
    await expect(async () => {
      await showComments(a);
      expect(await reactionLabels(a, first)).toEqual(['좋아요 1:false', '싫어요 0:false']);
    }).toPass({ timeout: 20_000 });

    // Replies to depth 3, taking turns; the third level offers no reply, and the server refuses one too.
    const reply = async (page: Page, parent: string, text: string) => {
      await commentBody(page, parent).getByRole('button', { name: '답글' }).click();
      const replyBox = page.getByRole('textbox', { name: '답글 쓰기' });
      await replyBox.fill(text);
      await answered(page, POSTED_REPLY, () => replyBox.press('Control+Enter'));
      await expect(commentBody(page, text)).not.toHaveAttribute('aria-busy');
    };
    await reply(b, first, `1단계 답글 ${tag}`);
    await showComments(a);
    await reply(a, `1단계 답글 ${tag}`, `2단계 답글 ${tag}`);
    await showComments(b);
    await reply(b, `2단계 답글 ${tag}`, `3단계 답글 ${tag}`);
    await expect(commentBody(b, `3단계 답글 ${tag}`).getByRole('button', { name: '답글' })).toHaveCount(0);
    const deepest = await b.evaluate(
      (text) =>
        [...document.querySelectorAll('.comment')].find(
          (li) => li.querySelector(':scope > .comment__body .comment__text')?.textContent === text,
        )?.className,
      `3단계 답글 ${tag}`,
    );
    expect(deepest).toContain('comment--depth-3');
    // Read as another, anonymous client: the public list may come from the gateway's micro-cache for up
    // to GATEWAY_MICROCACHE_MS, so wait for the reply to show rather than expect it at once.
    const depth3 = await until(async () => {
      const listed = await e2e.site.api<{
        data: {
          comments: Array<{
            id: string;
            replies: Array<{ replies: Array<{ replies: Array<{ id: string }> }> }>;
          }>;
        };
      }>(`/api/community/articles/${articleId}/comments`);
      const id = listed.data.comments[0]?.replies[0]?.replies[0]?.replies[0]?.id;
      expect(id).toEqual(expect.any(String));
      return id!;
    });

    const tooDeep = await b.evaluate(async (id) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('pulse_csrf='))!
        .slice(11);
      const response = await fetch(`/api/community/comments/${id}/replies`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: JSON.stringify({ content: '4단계는 안 됩니다' }),
      });
      return response.status;
    }, depth3);
    expect(tooDeep).toBe(400);

    // A edits their comment: saving needs a change; then '수정됨'.
    await showComments(a);
    await commentBody(a, first).getByRole('button', { name: '수정' }).click();
    const editBox = a.getByRole('textbox', { name: '댓글 수정' });
    expect(
      await a.locator('.comment__body .comment-composer').getByRole('button', { name: '저장' }).isDisabled(),
    ).toBe(true);
    const edited = `고친 첫 댓글입니다 ${tag}`;
    await editBox.fill(edited);
    await answered(a, EDITED, () =>
      a.locator('.comment__body .comment-composer').getByRole('button', { name: '저장' }).click(),
    );
    await expect(commentBody(a, edited).locator('.comment__edited', { hasText: '수정됨' })).toBeVisible();

    // Two more comments, reactions from B and from C (through the API), then every sort.
    const second = `두 번째 댓글 ${tag}`;
    const third = `세 번째 댓글 ${tag}`;
    for (const text of [second, third]) {
      // The composer takes a new comment once the last one is sent ('등록 중…' back to '등록'): a key
      // pressed while it is still sending is ignored, as a click on its disabled button would be.
      await expect(box.locator('..').getByRole('button', { name: '등록', exact: true })).toBeVisible();
      await box.fill(text);
      await answered(a, POSTED_COMMENT, () => box.press('Control+Enter'));
      await expect(commentBody(a, text)).not.toHaveAttribute('aria-busy');
    }
    const c = await e2e.site.api<AnonymousAuthResponse>('/api/community/auth/anonymous', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `반응러${tag}` }),
    });

    const ids = (
      await e2e.site.api<{ data: { comments: Array<{ id: string; content: string }> } }>(
        `/api/community/articles/${articleId}/comments?sort=latest`,
      )
    ).data.comments;
    const idOf = (text: string) => ids.find((comment) => comment.content === text)!.id;
    const asC = (text: string, voteType: 'like' | 'dislike') =>
      e2e.site.api(`/api/community/comments/${idOf(text)}/vote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${c.data.token}` },
        body: JSON.stringify({ voteType }),
      });
    await showComments(b);
    await answered(b, VOTED, () => react(b, second, /^좋아요/));
    await answered(b, VOTED, () => react(b, third, /^좋아요/));
    await expect.poll(async () => (await reactionLabels(b, third))[0]).toBe('좋아요 1:true');
    await asC(second, 'dislike');
    await asC(third, 'like');
    // first: 1 like (score 1); second: 1 like + 1 dislike (score 0, controversy 2); third: 2 likes (score 2).
    await showComments(a);
    await expect(commentBody(a, third)).toBeVisible();
    const orders: Record<string, string[]> = {
      인기순: [third, edited, second],
      최신순: [third, second, edited],
      오래된순: [edited, second, third],
      논쟁순: [second, third, edited],
    };
    for (const [label, order] of Object.entries(orders)) {
      await section.getByRole('button', { name: label, exact: true }).click();
      await expect.poll(() => topLevelTexts(a)).toEqual(order);
      await expect(section.locator('.comments__sorts [aria-pressed="true"]')).toHaveText(label, {
        useInnerText: true,
      });
    }
    await saveScreenshot(a, `comments-${viewport}`);

    // A deletes the first comment after confirming: its replies stay under '삭제된 댓글입니다.'.
    let asked = '';
    a.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await section.getByRole('button', { name: '오래된순', exact: true }).click();
    await answered(a, DELETED, () => commentBody(a, edited).getByRole('button', { name: '삭제' }).click());
    await expect(section.getByText('삭제된 댓글입니다.')).toBeVisible();
    expect(asked).toBe('정말로 이 댓글을 삭제하시겠습니까?');
    await showComments(b);
    await expect(b.locator('section.comments').getByText('삭제된 댓글입니다.')).toBeVisible();
    for (const text of [`1단계 답글 ${tag}`, `2단계 답글 ${tag}`, `3단계 답글 ${tag}`])
      await expect(commentBody(b, text)).toBeVisible();
    await expect(commentBody(b, edited)).toHaveCount(0);
  });

  /**
   * Every protected action on a comment, signed out (a fresh browser): the nickname dialog opens, and
   * once the nickname is set the held action runs (use-identity-gate.tsx) and the server has its effect;
   * a reply returns the reader to the reply box it asked for. Edit and delete are offered only on the
   * reader's own comments: see the credential-gone case below.
   */
  test.describe('protected actions', () => {
    // Set by beforeAll: the nicknames and texts carry the width, as the readers' names did.
    let site: Site;
    let tag = '';
    const target = (what: string) => `${what} 대상 댓글 ${tag}`;
    let articleId = '';
    let commenter: ApiIdentity;
    const commentsOnServer = async () =>
      (
        await site.api<{ data: { comments: ArticleComment[] } }>(
          `/api/community/articles/${articleId}/comments?sort=oldest`,
        )
      ).data.comments;
    const onServer = async (text: string) => (await commentsOnServer()).find((c) => c.content === text)!;

    test.beforeAll(async ({ site: started, viewportName: viewport }) => {
      site = started;
      tag = tagOf(viewport);
      articleId = news[viewport === 'desktop' ? 2 : 3];
      commenter = await apiIdentity(site, `먼저쓴이${tag}`);
      for (const what of ['답글', '좋아요', '싫어요', '신고', '삭제'])
        await apiWrite(site, commenter, 'POST', `/api/community/articles/${articleId}/comments`, {
          content: target(what),
        });
    });

    async function openSignedOut(e2e: E2e): Promise<Page> {
      const page = await e2e.open();
      await showComments(page, `/article/${articleId}`);
      await expect(commentBody(page, target('답글'))).toBeVisible();
      expect(await storedIdentityId(page)).toBeNull();
      expect(
        await page
          .locator('section.comments')
          .getByRole('button', { name: /^(수정|삭제)$/ })
          .count(),
      ).toBe(0);
      return page;
    }

    const cases: Array<{
      action: string;
      nickname: string;
      start: (page: Page) => Promise<void>;
      completed: (page: Page, nickname: string) => Promise<void>;
    }> = [
      {
        action: 'write a comment',
        get nickname() {
          return `새댓글${tag}`;
        },
        start: async (page) => {
          const box = page.getByRole('textbox', { name: '댓글 쓰기' });
          await box.fill(`닉네임을 정한 뒤 등록되는 댓글 ${tag}`);
          await box.locator('..').getByRole('button', { name: '등록', exact: true }).click();
        },
        completed: async (page, nickname) => {
          const text = `닉네임을 정한 뒤 등록되는 댓글 ${tag}`;
          await expect(commentBody(page, text)).not.toHaveAttribute('aria-busy');
          await expect(commentBody(page, text).locator('.comment__author')).toHaveText(nickname, {
            useInnerText: true,
          });
          await expect(page.getByRole('textbox', { name: '댓글 쓰기' })).toHaveValue('');
          // Read through the gateway, whose micro-cache may answer a second-old list: polled.
          await expect.poll(async () => (await onServer(text)).author.displayName).toBe(nickname);
        },
      },
      {
        action: 'reply to a comment',
        get nickname() {
          return `새답글${tag}`;
        },
        start: (page) => commentBody(page, target('답글')).getByRole('button', { name: '답글' }).click(),
        completed: async (page, nickname) => {
          // Back where the reader was: the reply box it asked for is open and has the focus.
          const box = page.getByRole('textbox', { name: '답글 쓰기' });
          await expect(box).toBeFocused();
          const text = `닉네임을 정한 뒤 다는 답글 ${tag}`;
          await page.keyboard.type(text);
          await box.press('Control+Enter');
          await expect(commentBody(page, text)).not.toHaveAttribute('aria-busy');
          await expect(async () => {
            const replies = (await onServer(target('답글'))).replies;
            expect(replies.map((r) => [r.content, r.author.displayName])).toEqual([[text, nickname]]);
          }).toPass();
        },
      },
      ...(['좋아요', '싫어요'] as const).map((label) => ({
        action: `${label === '좋아요' ? 'like' : 'dislike'} a comment`,
        get nickname() {
          return `${label}러${tag}`;
        },
        start: (page: Page) => react(page, target(label), new RegExp(`^${label}`)),
        completed: async (page: Page) => {
          const expected =
            label === '좋아요' ? ['좋아요 1:true', '싫어요 0:false'] : ['좋아요 0:false', '싫어요 1:true'];
          await expect.poll(() => reactionLabels(page, target(label))).toEqual(expected);
          // The buttons change at once (optimistic); the server's count follows its answer.
          await expect(async () => {
            const saved = await onServer(target(label));
            expect([saved.likes, saved.dislikes]).toEqual(label === '좋아요' ? [1, 0] : [0, 1]);
          }).toPass();
        },
      })),
      {
        action: 'report a comment',
        get nickname() {
          return `댓글신고${tag}`;
        },
        start: (page) => commentBody(page, target('신고')).getByRole('button', { name: '신고' }).click(),
        completed: async (page) => {
          await expectToast(page, '신고가 접수되었습니다.');
          expect((await reportedIds(site, '/comments'))[(await onServer(target('신고'))).id]).toBe(1);
        },
      },
    ];

    for (const c of cases)
      test(`signed out, "${c.action}" opens the nickname dialog, then completes`, async ({ e2e }) => {
        const page = await openSignedOut(e2e);
        await c.start(page);
        await signInThroughDialog(page, c.nickname);
        expect(await storedIdentityId(page)).not.toBeNull();
        await c.completed(page, c.nickname);
      });

    /*
     * Delete is offered only on the reader's own comment; a nickname set in the dialog would be a new
     * identity that owns nothing, so the dialog has no meaning for it. With the author's credential gone
     * before the visit the page is the signed-out one; gone while the page is open, the server refuses,
     * the comment comes back with a toast, and the stale record and its controls go.
     */
    test("delete with the author's credential gone: no delete offered, or refused and rolled back", async ({
      e2e,
    }) => {
      const before = await e2e.open();
      await actAs(before, e2e.site, commenter, { credential: false });
      await showComments(before, `/article/${articleId}`);
      await expect(commentBody(before, target('삭제'))).toBeVisible();
      await expect.poll(() => storedIdentityId(before)).toBeNull();
      await expect(commentBody(before, target('삭제')).getByRole('button', { name: '삭제' })).toHaveCount(0);

      const page = await e2e.open();
      let asked = '';
      page.on('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      await actAs(page, e2e.site, commenter);
      const firstCalls = identityCallsAnswered(page, 'comments');
      await showComments(page, `/article/${articleId}`);
      await firstCalls;
      const remove = commentBody(page, target('삭제')).getByRole('button', { name: '삭제' });
      await expect(remove).toBeVisible();
      await loseCredential(page);
      await remove.click();
      await expectToast(page, '댓글을 삭제하지 못했습니다.', '닉네임을 설정해야 이용할 수 있습니다.');
      expect(asked).toBe('정말로 이 댓글을 삭제하시겠습니까?');
      await expect(commentBody(page, target('삭제'))).toBeVisible();
      await expect.poll(() => storedIdentityId(page)).toBeNull();
      await expect(remove).toHaveCount(0);
      await expect(page.getByRole('dialog', { name: '로그인 필요' })).toHaveCount(0);
      expect((await onServer(target('삭제'))).content).toBe(target('삭제'));
    });

    test('error states: a failed load with retry, a refused comment keeps its draft', async ({ e2e }) => {
      const page = await e2e.open();
      let failing: 'GET' | 'POST' | null = 'GET';
      await page.route(`**/api/community/articles/${articleId}/comments**`, (route) =>
        route.request().method() === failing ? route.fulfill(UNAVAILABLE) : route.continue(),
      );
      await showComments(page, `/article/${articleId}`);
      const section = page.locator('section.comments');
      // After the list's own retries (docs/spec-community.md §9), the error and a way to try again.
      const failed = section.getByRole('alert').filter({ hasText: '댓글을 불러오지 못했습니다.' });
      await expect(failed.getByText('점검 중입니다.')).toBeVisible();
      await expect(section.locator('.comment')).toHaveCount(0);
      failing = null;
      await failed.getByRole('button', { name: '다시 시도' }).click();
      await expect(commentBody(page, target('답글'))).toBeVisible();
      await expect(failed).toHaveCount(0);

      failing = 'POST';
      const text = `서버가 거절하는 댓글 ${tag}`;
      const box = section.getByRole('textbox', { name: '댓글 쓰기' });
      await box.fill(text);
      await box.press('Control+Enter');
      await signInThroughDialog(page, `거절댓글${tag}`);
      await expectToast(page, '댓글을 등록하지 못했습니다.', '점검 중입니다.');
      await expect(box).toHaveValue(text);
      await expect(commentBody(page, text)).toHaveCount(0);
      failing = null;
      await box.locator('..').getByRole('button', { name: '등록', exact: true }).click();
      await expect(commentBody(page, text)).not.toHaveAttribute('aria-busy');
      await expect
        .poll(async () => (await commentsOnServer()).filter((c) => c.content === text))
        .toHaveLength(1);
    });
  });
});
