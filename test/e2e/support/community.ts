import type { AnonymousAuthResponse } from '@pulse/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Site } from './site';

/** The admin token the community specs start their site with, to read the moderation queues. */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

/** The dialog's text for every protected action but 'ask' (docs/spec-community.md §2 'Nickname dialog'). */
export const DEFAULT_DIALOG_TEXT = '이 기능을 사용하려면 닉네임을 설정해주세요.';

/**
 * The nickname dialog a protected action opened: a modal dialog named by its title, its text, and the
 * keyboard focus already in the nickname field (so a keyboard reader types at once).
 */
export async function expectNicknameDialog(page: Page, text = DEFAULT_DIALOG_TEXT): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: '로그인 필요' });
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '닉네임', exact: true })).toBeFocused();
  return dialog;
}

/**
 * Checks the dialog (expectNicknameDialog), then sets the nickname the way a keyboard reader would: typed
 * into the focused field, Enter to submit. Resolves once the dialog is gone.
 */
export async function signInThroughDialog(page: Page, nickname: string, text = DEFAULT_DIALOG_TEXT) {
  const dialog = await expectNicknameDialog(page, text);
  await page.keyboard.type(nickname);
  await expect(dialog.getByText('사용 가능한 닉네임입니다.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
}

/** A nickname identity made through the public API; `auth` is its Bearer header for API writes. */
export interface ApiIdentity {
  id: string;
  displayName: string;
  auth: Record<string, string>;
  token: string;
  /** The CSRF value bound to its session (what the pulse_csrf cookie holds). */
  csrf: string;
  /** The browser's display record for it, as sign-up stores it under 'anonymous_user'. */
  record: Record<string, unknown>;
}

export async function apiIdentity(site: Site, username: string): Promise<ApiIdentity> {
  const { data } = await site.api<AnonymousAuthResponse>('/api/community/auth/anonymous', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  const me = await site.api<{ data: { csrfToken: string } }>('/api/community/auth/me', {
    headers: { authorization: `Bearer ${data.token}` },
  });
  return {
    token: data.token,
    csrf: me.data.csrfToken,
    id: data.user.id,
    displayName: data.user.displayName,
    auth: { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' },
    record: { ...data.user, sessionId: data.sessionId },
  };
}

/** A JSON write on the site's API as `who`. */
export function apiWrite<T>(site: Site, who: ApiIdentity, method: string, pathname: string, body?: unknown) {
  return site.api<T>(pathname, {
    method,
    headers: who.auth,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Makes the page's browser `who`, the way the nickname dialog leaves it: the display record under
 * 'anonymous_user' (once per tab, so a page that drops it does not get it back on reload) and, unless
 * `credential` is false, the credential and CSRF cookies sign-up sets. Without the credential it is the
 * author whose cookie expired or was cleared while the record stayed. Call before the first goto.
 */
export async function actAs(page: Page, site: Site, who: ApiIdentity, { credential = true } = {}) {
  await page.addInitScript((record) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem(
      'anonymous_user',
      JSON.stringify({ ...record, lastActiveAt: new Date().toISOString() }),
    );
  }, who.record);
  if (!credential) return;
  const { hostname } = new URL(site.base);
  await page.context().addCookies([
    {
      name: 'pulse_community',
      value: who.token,
      domain: hostname,
      path: '/api/community',
      httpOnly: true,
      sameSite: 'Lax',
    },
    { name: 'pulse_csrf', value: who.csrf, domain: hostname, path: '/', sameSite: 'Lax' },
  ]);
}

/**
 * The page's first identity calls answered: the bell's notices, and the reader-state call that names
 * `stateField` (the page's own marks). Start it before the visit and await it before the credential goes:
 * a call sent after that is refused, and the page then drops the record and the author's controls before
 * the test's click lands (seen in CI at load: the button detached under the click).
 */
export function identityCallsAnswered(page: Page, stateField: string): Promise<unknown> {
  const answered = (matches: (url: URL) => boolean) =>
    page.waitForResponse((response) => matches(new URL(response.url())));
  return Promise.all([
    answered((url) => url.pathname === '/api/community/notifications'),
    answered((url) => url.pathname === '/api/community/me/state' && url.searchParams.has(stateField)),
  ]);
}

/** The credential cookie goes (expired, cleared) while the page stays open with its record. */
export async function loseCredential(page: Page): Promise<void> {
  await page.context().clearCookies();
}

/** The stored display record's id, or null when the page holds none. */
export function storedIdentityId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('anonymous_user');
    return raw ? (JSON.parse(raw) as { id: string }).id : null;
  });
}

/** A toast by its title (and description), then dismissed so the next one is found alone. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first().getByText(description, { exact: true })).toBeVisible();
  await toast.first().getByRole('button', { name: '알림 닫기' }).click();
}

/** The reported items of a moderation queue ('' for questions and answers, '/comments' for comments). */
export async function reportedIds(site: Site, queue: '' | '/comments'): Promise<Record<string, number>> {
  const { data } = await site.api<{ data: { items: Array<{ id: string; reports: { count: number } }> } }>(
    `/api/community/admin/moderation${queue}?state=reported`,
    { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
  );
  return Object.fromEntries(data.items.map((item) => [item.id, item.reports.count]));
}

/** A 503 in the common error body, for a route a test makes fail. */
export const UNAVAILABLE = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: '점검 중입니다.' }),
};
