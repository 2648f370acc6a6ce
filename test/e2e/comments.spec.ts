import type { AnonymousAuthResponse, NewsListResponse } from '@pulse/contracts';
import type { Locator, Page } from 'playwright-core';
import {
  saveScreenshot,
  scrollToDeferred,
  textOf,
  until,
  VIEWPORT_NAMES,
  type ViewportName,
} from '../support/browser';
import { useE2e } from './support/suite';

/**
 * Community II: article comments (services/community/README.md 'Comments'), on the shell's article page
 * and on the news remote's content detail, by two readers in two browser contexts, plus a third identity
 * reacting through the API (Bearer) to give the sorts something to order.
 */
describe('article comments', () => {
  const e2e = useE2e();
  let news: string[] = [];

  beforeAll(async () => {
    news = (await e2e.site.api<NewsListResponse>('/api/content/news?limit=50&offset=0')).articles.map(
      (a) => a.id,
    );
  });

  async function signInThroughDialog(page: Page, nickname: string) {
    const dialog = page.getByRole('dialog', { name: '로그인 필요' });
    await dialog.waitFor();
    await dialog.getByLabel('닉네임', { exact: true }).fill(nickname);
    await dialog.getByRole('button', { name: '닉네임으로 시작하기' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

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

  describe.each(VIEWPORT_NAMES)('at %s width', (viewport: ViewportName) => {
    const tag = viewport === 'desktop' ? 'D' : 'M';

    it('comment, like/dislike switching, replies to depth 3 and no deeper, edit, every sort, delete keeping replies', async () => {
      const articleId = news[viewport === 'desktop' ? 0 : 1];
      const first = `첫 댓글입니다 ${tag}`;

      // Reader A, on the shell's article page: the empty state, then a comment through the nickname dialog.
      const a = await e2e.open(viewport);
      await showComments(a, `/article/${articleId}`);
      const section = a.locator('section.comments');
      await section.getByText('아직 댓글이 없습니다.').waitFor();
      expect(await textOf(section.locator('[aria-pressed="true"]'))).toBe('인기순');
      const box = section.getByRole('textbox', { name: '댓글 쓰기' });
      await box.fill('짧음');
      await section.getByText('최소 5자 이상 입력해주세요.').waitFor();
      expect(await section.locator('.comment-composer__count').first().innerText()).toBe('2/2000');
      expect(await section.getByRole('button', { name: '등록' }).isDisabled()).toBe(true);
      await box.fill(first);
      await box.press('Control+Enter');
      await signInThroughDialog(a, `댓글러${tag}`);
      await commentBody(a, first).waitFor();
      await until(async () => expect(await commentBody(a, first).getAttribute('aria-busy')).toBeNull());
      expect(await box.inputValue()).toBe('');
      expect(await textOf(commentBody(a, first).locator('.comment__author'))).toBe(`댓글러${tag}`);
      // Nobody reacts to their own comment: the server refuses, the count rolls back with a toast.
      await react(a, first, /^좋아요/);
      await until(async () =>
        expect(await reactionLabels(a, first)).toEqual(['좋아요 0:false', '싫어요 0:false']),
      );

      // Reader B, on the news remote's content detail: like → dislike → withdrawn → like.
      const b = await e2e.open(viewport);
      await showComments(b, `/news/${articleId}`);
      await commentBody(b, first).waitFor();
      expect(await commentBody(b, first).getByRole('button', { name: '수정' }).count()).toBe(0);
      expect(await commentBody(b, first).getByRole('button', { name: '삭제' }).count()).toBe(0);
      await react(b, first, /^좋아요/);
      await signInThroughDialog(b, `답글러${tag}`);
      await until(async () =>
        expect(await reactionLabels(b, first)).toEqual(['좋아요 1:true', '싫어요 0:false']),
      );
      await react(b, first, /^싫어요/);
      await until(async () =>
        expect(await reactionLabels(b, first)).toEqual(['좋아요 0:false', '싫어요 1:true']),
      );
      await react(b, first, /^싫어요/);
      await until(async () =>
        expect(await reactionLabels(b, first)).toEqual(['좋아요 0:false', '싫어요 0:false']),
      );
      await react(b, first, /^좋아요/);
      await until(async () =>
        expect(await reactionLabels(b, first)).toEqual(['좋아요 1:true', '싫어요 0:false']),
      );
      await showComments(b);
      await until(async () =>
        expect(await reactionLabels(b, first)).toEqual(['좋아요 1:true', '싫어요 0:false']),
      );

      // Replies to depth 3, taking turns; the third level offers no reply, and the server refuses one too.
      const reply = async (page: Page, parent: string, text: string) => {
        await commentBody(page, parent).getByRole('button', { name: '답글' }).click();
        const replyBox = page.getByRole('textbox', { name: '답글 쓰기' });
        await replyBox.fill(text);
        await replyBox.press('Control+Enter');
        await until(async () => expect(await commentBody(page, text).getAttribute('aria-busy')).toBeNull());
      };
      await reply(b, first, `1단계 답글 ${tag}`);
      await showComments(a);
      await reply(a, `1단계 답글 ${tag}`, `2단계 답글 ${tag}`);
      await showComments(b);
      await reply(b, `2단계 답글 ${tag}`, `3단계 답글 ${tag}`);
      expect(await commentBody(b, `3단계 답글 ${tag}`).getByRole('button', { name: '답글' }).count()).toBe(0);
      const deepest = await b.evaluate(
        (text) =>
          [...document.querySelectorAll('.comment')].find(
            (li) => li.querySelector(':scope > .comment__body .comment__text')?.textContent === text,
          )?.className,
        `3단계 답글 ${tag}`,
      );
      expect(deepest).toContain('comment--depth-3');
      const listed = await e2e.site.api<{
        data: {
          comments: Array<{
            id: string;
            replies: Array<{ replies: Array<{ replies: Array<{ id: string }> }> }>;
          }>;
        };
      }>(`/api/community/articles/${articleId}/comments`);
      const depth3 = listed.data.comments[0].replies[0].replies[0].replies[0].id;
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
        await a
          .locator('.comment__body .comment-composer')
          .getByRole('button', { name: '저장' })
          .isDisabled(),
      ).toBe(true);
      const edited = `고친 첫 댓글입니다 ${tag}`;
      await editBox.fill(edited);
      await a.locator('.comment__body .comment-composer').getByRole('button', { name: '저장' }).click();
      await commentBody(a, edited).locator('.comment__edited', { hasText: '수정됨' }).waitFor();

      // Two more comments, reactions from B and from C (through the API), then every sort.
      const second = `두 번째 댓글 ${tag}`;
      const third = `세 번째 댓글 ${tag}`;
      for (const text of [second, third]) {
        // The composer takes a new comment once the last one is sent ('등록 중…' back to '등록'): a key
        // pressed while it is still sending is ignored, as a click on its disabled button would be.
        await box.locator('..').getByRole('button', { name: '등록', exact: true }).waitFor();
        await box.fill(text);
        await box.press('Control+Enter');
        await until(async () => expect(await commentBody(a, text).getAttribute('aria-busy')).toBeNull());
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
      await react(b, second, /^좋아요/);
      await react(b, third, /^좋아요/);
      await until(async () => expect((await reactionLabels(b, third))[0]).toBe('좋아요 1:true'));
      await asC(second, 'dislike');
      await asC(third, 'like');
      // first: 1 like (score 1); second: 1 like + 1 dislike (score 0, controversy 2); third: 2 likes (score 2).
      await showComments(a);
      await commentBody(a, third).waitFor();
      const orders: Record<string, string[]> = {
        인기순: [third, edited, second],
        최신순: [third, second, edited],
        오래된순: [edited, second, third],
        논쟁순: [second, third, edited],
      };
      for (const [label, order] of Object.entries(orders)) {
        await section.getByRole('button', { name: label, exact: true }).click();
        await until(async () => expect(await topLevelTexts(a)).toEqual(order));
        expect(await textOf(section.locator('.comments__sorts [aria-pressed="true"]'))).toBe(label);
      }
      await saveScreenshot(a, `comments-${viewport}`);

      // A deletes the first comment after confirming: its replies stay under '삭제된 댓글입니다.'.
      let asked = '';
      a.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      await section.getByRole('button', { name: '오래된순', exact: true }).click();
      await commentBody(a, edited).getByRole('button', { name: '삭제' }).click();
      await section.getByText('삭제된 댓글입니다.').waitFor();
      expect(asked).toBe('정말로 이 댓글을 삭제하시겠습니까?');
      await showComments(b);
      await b.locator('section.comments').getByText('삭제된 댓글입니다.').waitFor();
      for (const text of [`1단계 답글 ${tag}`, `2단계 답글 ${tag}`, `3단계 답글 ${tag}`])
        await commentBody(b, text).waitFor();
      expect(await commentBody(b, edited).count()).toBe(0);
    });
  });
});
