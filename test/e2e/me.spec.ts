import type { CreateQuestionResponse, NewsListResponse } from '@pulse/contracts';
import type { Page } from '@playwright/test';
import { apiIdentity, apiWrite, signInThroughDialog } from './support/community';
import { docsScreenshot } from './support/docs-screens';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'me' } });

/**
 * A space of one's own (/me): a reader chooses a nickname, bookmarks an article and a question, follows a
 * category and a tag, and finds all four on /me after a reload; removes one; signs out and back in.
 */
test.describe('/me, the reader’s own space', () => {
  const header = (page: Page) => page.getByRole('banner');
  const meLink = (page: Page, nickname: string) =>
    header(page).getByRole('link', { name: `${nickname} 내 공간` });

  test('bookmarks and follows are kept per nickname and shown on /me after a reload; sign out and back', async ({
    e2e,
    site,
    viewportName: viewport,
  }) => {
    const tag = viewport === 'desktop' ? 'D' : 'M';
    const nickname = `내공간독자${tag}`;
    const article = (await site.api<NewsListResponse>('/api/content/news?limit=1&offset=0')).articles[0]!;
    const asker = await apiIdentity(site, `질문하는이웃${tag}`);
    const questionTitle = `북마크할 만한 좋은 질문입니다 ${tag}`;
    const question = await apiWrite<CreateQuestionResponse>(site, asker, 'POST', '/api/community/questions', {
      title: questionTitle,
      content: '모델 서빙 비용을 줄이려면 어떤 방법부터 시도해 보면 좋을까요? 경험을 나눠 주세요.',
      category: 'gen-ai',
      tagIds: [],
      tags: ['LLM'],
    });

    const page = await e2e.open();
    // A reader's own page: never held or shared by a cache.
    const first = await page.goto('/me');
    expect(first?.headers()['cache-control']).toBe('private, no-store');
    await expect(page).toHaveTitle('내 공간 | 펄스');
    await expect(
      page.getByText('닉네임을 정하면 내 글, 북마크, 팔로우와 알림을 이곳에서 볼 수 있습니다.'),
    ).toBeVisible();
    await page.getByRole('button', { name: '닉네임 정하기' }).click();
    await signInThroughDialog(page, nickname);
    await expect(meLink(page, nickname)).toBeVisible();

    // Bookmark an article on its page, and a question on its card in the list.
    await page.goto(`/article/${encodeURIComponent(article.id)}`);
    const bookmarkArticle = page.getByRole('button', { name: `북마크: ${article.title}` });
    await expect(bookmarkArticle).toHaveAttribute('aria-pressed', 'false');
    await bookmarkArticle.click();
    await expect(bookmarkArticle).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/community/qa');
    const card = page.locator('.qa-card').filter({ hasText: questionTitle });
    const bookmarkQuestion = card.getByRole('button', { name: `북마크: ${questionTitle}` });
    await expect(bookmarkQuestion).toHaveAttribute('aria-pressed', 'false');
    await bookmarkQuestion.click();
    await expect(bookmarkQuestion).toHaveAttribute('aria-pressed', 'true');
    // Like on the card is the question's up-vote: its count is the server's.
    await card.getByRole('button', { name: '좋아요 0' }).click();
    await expect(card.getByRole('button', { name: '좋아요 1' })).toHaveAttribute('aria-pressed', 'true');

    // Follow a category and a tag.
    await page.goto('/category/gen-ai');
    const followCategory = page.getByRole('button', { name: '팔로우: 생성형 AI' });
    await followCategory.click();
    await expect(followCategory).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/tags/LLM');
    await expect.poll(() => new URL(page.url()).search).toBe('?tag=LLM');
    const followTag = page.getByRole('button', { name: '팔로우: #LLM' });
    await followTag.click();
    await expect(followTag).toHaveAttribute('aria-pressed', 'true');

    // /me after a reload: all four, from the server.
    await meLink(page, nickname).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/me');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: nickname })).toBeVisible();
    const bookmarks = page.getByRole('region', { name: '북마크' });
    await expect(bookmarks.getByRole('link', { name: article.title })).toHaveAttribute(
      'href',
      `/article/${encodeURIComponent(article.id)}`,
    );
    await expect(bookmarks.getByRole('link', { name: questionTitle })).toHaveAttribute(
      'href',
      `/community/questions/${question.data.id}`,
    );
    const follows = page.getByRole('region', { name: '팔로우' });
    await expect(follows.getByRole('link', { name: '생성형 AI' })).toHaveAttribute(
      'href',
      '/category/gen-ai',
    );
    await expect(follows.getByRole('link', { name: '#LLM' })).toHaveAttribute('href', '/tags/llm');
    await docsScreenshot(page, `me-${viewport}.png`, 'docs/screens');

    // Remove one: gone now and after a reload.
    await follows.getByRole('button', { name: '#LLM 삭제' }).click();
    await expect(follows.getByRole('link', { name: '#LLM' })).toHaveCount(0);
    await page.reload();
    await expect(follows.getByRole('link', { name: '생성형 AI' })).toBeVisible();
    await expect(follows.getByRole('link', { name: '#LLM' })).toHaveCount(0);

    // Sign out: the header forgets the nickname, /me asks for one; the session is gone on the server too.
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page.getByRole('button', { name: '닉네임 정하기' })).toBeVisible();
    await expect(meLink(page, nickname)).toHaveCount(0);
    const afterLogout = await page.evaluate(() =>
      fetch('/api/community/me/follows', { credentials: 'include' }).then((response) => response.status),
    );
    expect(afterLogout).toBe(401);

    // And back in, through the same dialog: a new nickname, with a space of its own.
    await page.getByRole('button', { name: '닉네임 정하기' }).click();
    await signInThroughDialog(page, `${nickname}2`);
    await expect(meLink(page, `${nickname}2`)).toBeVisible();
    await expect(
      page.getByText('북마크한 글이 없습니다. 기사와 질문의 북마크 버튼으로 모아 보세요.'),
    ).toBeVisible();
  });
});
