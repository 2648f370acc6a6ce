import type { CreateQuestionResponse } from '@pulse/contracts';
import { actAs, ADMIN_TOKEN, apiIdentity, apiWrite } from './support/community';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'answer-edits', env: { ADMIN_TOKEN } } });

/**
 * Writing for a technical community: an answer in Markdown rendered by the server (inline code, a fenced
 * block highlighted, a link), edited by its author, then '(수정됨)' and both versions in '수정 기록' after
 * a reload.
 */
test('an answer with code and a link is rendered, edited, and keeps its history across a reload', async ({
  e2e,
  viewportName,
}) => {
  const width = viewportName === 'desktop' ? 'D' : 'M';
  const asker = await apiIdentity(e2e.site, `편집질문자${width}`);
  const helper = await apiIdentity(e2e.site, `편집답변자${width}`);
  const asked = await apiWrite<CreateQuestionResponse>(e2e.site, asker, 'POST', '/api/community/questions', {
    title: `useMemo와 useCallback의 차이가 궁금합니다 ${width}`,
    content: '두 훅을 언제 각각 써야 하는지, 렌더링 비용과 함께 설명해 주실 수 있을까요?',
    category: 'development',
    tags: ['React'],
    tagIds: [],
  });

  const page = await e2e.open();
  await actAs(page, e2e.site, helper);
  await page.goto(`/community/questions/${asked.data.id}`);
  const box = page.getByRole('textbox', { name: '답변 작성' });
  await box.fill(
    [
      '`useMemo`는 값을, `useCallback`은 함수를 기억합니다.',
      '',
      '```ts',
      'const total = useMemo(() => items.length, [items]);',
      '```',
      '',
      '자세한 내용은 https://react.dev/reference/react/useMemo 를 보세요.',
    ].join('\n'),
  );
  await box.press('Control+Enter');

  const answer = page.locator('.qa-answer');
  await expect(answer).toHaveCount(1);
  const body = answer.locator('.qa-markdown');
  await expect(body.locator('p code').first()).toHaveText('useMemo');
  await expect(body.locator('pre code.language-ts .hljs-keyword').first()).toHaveText('const');
  // A new nickname's link is shown as text with its domain and path, never as an anchor.
  await expect(body).toContainText('react.dev/reference/react/useMemo');
  await expect(body.locator('a')).toHaveCount(0);
  await expect(answer.getByText('(수정됨)')).toHaveCount(0);

  await answer.getByRole('button', { name: '수정' }).click();
  const form = page.getByRole('form', { name: '답변 수정' });
  await form
    .getByRole('textbox', { name: '내용' })
    .fill('고친 답변: **useCallback**은 `useMemo(() => fn, deps)`와 같습니다.');
  await form.getByRole('tab', { name: '미리보기' }).click();
  await expect(form.locator('.qa-preview strong')).toHaveText('useCallback');
  await form.getByRole('button', { name: '저장' }).click();
  await expect(form).toHaveCount(0);
  await expect(body.locator('strong')).toHaveText('useCallback');
  await expect(answer.getByText('(수정됨)')).toBeVisible();

  await page.reload();
  const reloaded = page.locator('.qa-answer');
  await expect(reloaded.getByText('(수정됨)')).toBeVisible();
  await expect(reloaded.locator('.qa-markdown strong')).toHaveText('useCallback');
  // The disclosure opens from the keyboard as from a click.
  await reloaded.getByText('수정 기록').focus();
  await page.keyboard.press('Enter');
  const versions = reloaded.locator('.qa-history__version');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('2번째 버전');
  await expect(versions.nth(0)).toContainText('고친 답변:');
  await expect(versions.nth(1)).toContainText('1번째 버전');
  await expect(versions.nth(1)).toContainText('const total = useMemo(() => items.length, [items]);');
});
