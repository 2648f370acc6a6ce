import type { StaffAccountView } from '@pulse/contracts';
import { ADMIN_TOKEN } from './support/community';
import { docsScreenshot } from './support/docs-screens';
import { expect, test } from './support/fixtures';

const EDITORS = 'editors@pulse.example';
test.use({ siteOptions: { spec: 'contact', env: { ADMIN_TOKEN, PUBLIC_CONTACT_EMAIL: EDITORS } } });

const EDITOR_PASSWORD = 'editor passphrase for the contact run';
const automation = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

/**
 * The contact page end to end (docs/admin.md 'Contact messages'): a reader reaches /contact from the footer,
 * sees the editors' address, sends a message from the keyboard and is thanked; an editor signs in, finds it
 * on /admin/contact with a mailto link to the reader's address, and marks it handled.
 */
test.describe('contact', () => {
  test('a reader sends a message; an editor reads it on /admin/contact and marks it handled', async ({
    e2e,
    site,
    viewportName,
  }) => {
    const text = `펄스 편집진께: ${viewportName} 화면에서 보내는 정정 요청입니다.`;
    const reader = await e2e.open();
    await reader.goto('/');
    const footer = reader.getByRole('contentinfo');
    await footer.getByRole('link', { name: '문의하기' }).click();
    await reader.waitForURL('**/contact');
    await expect(reader).toHaveTitle('문의하기 | 펄스');
    await expect(reader.getByRole('link', { name: EDITORS })).toHaveAttribute('href', `mailto:${EDITORS}`);

    // A message too short: the field says why in Korean and has the focus.
    const message = reader.getByRole('textbox', { name: '내용' });
    await reader.getByRole('combobox', { name: '문의 유형' }).selectOption({ label: '기사 정정 요청' });
    await message.fill('짧아요');
    await reader.getByRole('button', { name: '보내기' }).click();
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toBeFocused();
    await expect(reader.getByText('내용은 10자 이상 2,000자 이하로 적어 주세요.')).toBeVisible();

    await message.fill(text);
    await reader.getByRole('textbox', { name: '답장 받을 이메일 (선택)' }).fill('reader@example.com');
    await reader.getByRole('textbox', { name: '이름 또는 닉네임 (선택)' }).fill('독자');
    await reader.keyboard.press('Enter');
    const form = reader.getByRole('region', { name: '문의 양식' });
    await expect(form.getByRole('status')).toHaveText(/^보내 주셔서 고맙습니다/);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      reader.viewportSize()!.width,
    );

    const editorName = `editor-contact-${viewportName === 'desktop' ? 'd' : 'm'}`;
    await site.api<StaffAccountView>('/api/newsroom/accounts', {
      method: 'POST',
      headers: automation,
      body: JSON.stringify({ name: editorName, role: 'editor', password: EDITOR_PASSWORD }),
    });
    const editor = await e2e.open();
    await editor.goto('/admin/contact');
    await editor.getByLabel('이름', { exact: true }).fill(editorName);
    await editor.getByLabel('비밀번호', { exact: true }).fill(EDITOR_PASSWORD);
    await editor.getByRole('button', { name: '로그인' }).click();
    await expect(editor.getByRole('heading', { level: 1, name: '독자 문의' })).toBeVisible();

    const item = editor.getByRole('listitem').filter({ hasText: text });
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('heading', { name: '기사 정정 요청' })).toBeVisible();
    await expect(item).toContainText('독자');
    await expect(item.getByRole('link', { name: 'reader@example.com' })).toHaveAttribute(
      'href',
      /^mailto:reader@example\.com/,
    );
    // docs/admin.md shows the screen with the message waiting, at both widths.
    await docsScreenshot(editor, `contact-${viewportName}.png`);
    await item.getByRole('button', { name: /^처리 완료/ }).click();
    await expect(
      editor.getByRole('status').filter({ hasText: '기사 정정 요청 문의를 처리 완료로 옮겼습니다.' }),
    ).toBeVisible();
    await expect(item).toHaveCount(0);

    await editor.getByRole('button', { name: '처리한 문의' }).click();
    await expect(item).toContainText(`${editorName} 님이`);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      editor.viewportSize()!.width,
    );
  });
});
