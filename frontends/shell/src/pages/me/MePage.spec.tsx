import type { Bookmark, Follow } from '@pulse/contracts';
import { installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ME } from './me-copy';
import MePage from './MePage';

const at = '2026-03-02T03:00:00.000Z';
const ok = (data: unknown) => ({ body: { success: true, data } });
const me = {
  id: 'u-me',
  username: '내닉네임',
  displayName: '내닉네임',
  isAnonymous: true,
  badges: [
    {
      id: 'first-question',
      name: '첫 질문',
      description: '첫 질문을 올렸습니다',
      icon: '',
      color: 'blue',
      type: 'achievement',
      earnedAt: at,
    },
  ],
  createdAt: at,
  lastActiveAt: new Date().toISOString(),
};
const signIn = () => {
  localStorage.setItem('anonymous_user', JSON.stringify({ ...me, sessionId: 's1' }));
  window.dispatchEvent(new Event('pulse:identity'));
};
const bookmark = (kind: Bookmark['kind'], id: string, title: string, url: string): Bookmark => ({
  kind,
  id,
  title,
  url,
  createdAt: at,
});
const follow = (kind: Follow['kind'], key: string, label: string | null = null): Follow => ({
  kind,
  key,
  label,
  createdAt: at,
});

function serve(): FetchMock {
  return installFetch()
    .on(
      'GET',
      '/api/community/auth/me',
      ok({ user: me, sessionId: 's1', csrfToken: 'c', trustLevel: 'basic' }),
    )
    .on(
      'GET',
      '/api/community/me/bookmarks',
      ok({
        bookmarks: [
          bookmark('article', 'a1', '오픈AI 새 모델 공개', '/article/a1'),
          bookmark('question', 'q1', '토큰 비용 줄이는 법', '/community/questions/q1'),
        ],
        nextCursor: null,
      }),
    )
    .on('DELETE', '/api/community/me/bookmarks/article/a1', ok({ removed: true }))
    .on(
      'GET',
      '/api/community/me/follows',
      ok({ follows: [follow('category', 'gen-ai'), follow('tag', 'llm', 'LLM')] }),
    )
    .on('DELETE', '/api/community/me/follows/tag/llm', ok({ removed: true }))
    .on(
      'GET',
      /^\/api\/community\/me\/activity\?kind=questions$/,
      ok({
        items: [
          {
            kind: 'question',
            id: 'q9',
            title: '내가 올린 질문',
            excerpt: '질문 내용',
            url: '/community/questions/q9',
            createdAt: at,
          },
        ],
        nextCursor: null,
      }),
    )
    .on('GET', /^\/api\/community\/me\/activity\?kind=answers$/, ok({ items: [], nextCursor: null }))
    .on('GET', '/api/community/notifications', ok({ notifications: [], unread: 0 }))
    .on('POST', '/api/community/auth/logout', { body: { success: true } });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.dispatchEvent(new Event('pulse:identity'));
});

describe('/me', () => {
  it('asks a reader without a nickname to choose one, and opens the nickname dialog', async () => {
    const api = serve();
    renderAt(<MePage />, '/me');
    expect(screen.getByRole('heading', { level: 1, name: ME.title })).toBeInTheDocument();
    expect(screen.getByText(ME.signedOut)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ME.choose }));
    expect(screen.getByRole('dialog', { name: '로그인 필요' })).toBeInTheDocument();
    // Nothing of anyone's is asked for without an identity.
    expect(api.requests).toEqual([]);
  });

  it('shows the nickname with its badges and level, bookmarks, follows and posts, each with its link', async () => {
    signIn();
    serve();
    renderAt(<MePage />, '/me');
    expect(await screen.findByText(`${ME.level} ${ME.levels.basic}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '내닉네임' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^첫 질문 — /)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '오픈AI 새 모델 공개' })).toHaveAttribute(
      'href',
      '/article/a1',
    );
    expect(screen.getByRole('link', { name: '토큰 비용 줄이는 법' })).toHaveAttribute(
      'href',
      '/community/questions/q1',
    );
    const follows = screen.getByRole('region', { name: ME.follows });
    expect(await within(follows).findByRole('link', { name: '생성형 AI' })).toHaveAttribute(
      'href',
      '/category/gen-ai',
    );
    expect(within(follows).getByRole('link', { name: 'LLM' })).toHaveAttribute('href', '/tags/llm');
    expect(await screen.findByRole('link', { name: '내가 올린 질문' })).toHaveAttribute(
      'href',
      '/community/questions/q9',
    );
    expect(await screen.findByText(ME.noNotices)).toBeInTheDocument();
  });

  it('removes a bookmark and a follow through the server', async () => {
    signIn();
    const api = serve();
    renderAt(<MePage />, '/me');
    await userEvent.click(await screen.findByRole('button', { name: ME.removeLabel('오픈AI 새 모델 공개') }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '오픈AI 새 모델 공개' })).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE', '/api/community/me/bookmarks/article/a1')).toHaveLength(1);
    await userEvent.click(await screen.findByRole('button', { name: ME.removeLabel('LLM') }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'LLM' })).not.toBeInTheDocument());
    expect(api.calls('DELETE', '/api/community/me/follows/tag/llm')).toHaveLength(1);
  });

  it('lists answers when that tab is chosen', async () => {
    signIn();
    serve();
    renderAt(<MePage />, '/me');
    await userEvent.click(screen.getByRole('tab', { name: '답변' }));
    expect(await screen.findByText(ME.noPosts.answers)).toBeInTheDocument();
  });

  it('signs out: the session ends on the server and the page asks for a nickname again', async () => {
    signIn();
    const api = serve();
    renderAt(<MePage />, '/me');
    await userEvent.click(screen.getByRole('button', { name: ME.logout }));
    expect(await screen.findByText(ME.signedOut)).toBeInTheDocument();
    expect(api.calls('POST', '/api/community/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('anonymous_user')).toBeNull();
  });

  it('deletes only after the confirmation word is typed', async () => {
    signIn();
    const api = serve().on('DELETE', '/api/community/me', { body: { success: true } });
    renderAt(<MePage />, '/me');
    await userEvent.click(screen.getByRole('button', { name: ME.deleteButton }));
    const dialog = screen.getByRole('alertdialog', { name: ME.deleteConfirmTitle });
    const confirm = within(dialog).getByRole('button', { name: ME.deleteConfirm });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), '삭제합니다');
    await act(() => userEvent.click(confirm));
    await waitFor(() => expect(api.calls('DELETE', '/api/community/me')).toHaveLength(1));
    expect(api.calls('DELETE', '/api/community/me')[0].body).toEqual({ confirm: '삭제합니다' });
    expect(await screen.findByText(ME.signedOut)).toBeInTheDocument();
  });
});
