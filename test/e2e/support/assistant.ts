import type { Page } from '@playwright/test';
import type { ViewportName } from '../../support/browser';
import { signInThroughDialog } from './community';
import { expect } from './fixtures';

export const tagOf = (viewport: ViewportName) => (viewport === 'desktop' ? 'D' : 'M');

/** Signed out, the assistant button opens the nickname dialog first; then the panel opens. */
export async function openAssistant(page: Page, nickname: string) {
  await page.getByRole('button', { name: 'AI 도우미에게 묻기' }).click();
  await signInThroughDialog(page, nickname);
  await expect(page.getByRole('dialog', { name: '펄스 AI 도우미' })).toBeVisible();
}

export async function askAssistant(page: Page, nickname: string, question: string) {
  await openAssistant(page, nickname);
  const input = page.getByRole('textbox', { name: 'AI 도우미에게 보낼 질문' });
  await input.fill(question);
  await expect(page.getByText(`${[...question].length}/500`)).toBeVisible();
  // Enter sends only once the chat session is open (until then the send button is disabled and the
  // question stays in the box); on a loaded machine the session can still be opening here.
  const send = page.getByRole('dialog', { name: '펄스 AI 도우미' }).getByRole('button', { name: '보내기' });
  await expect(send).toBeEnabled();
  await input.press('Enter');
}
