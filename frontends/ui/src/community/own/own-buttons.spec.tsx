import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetch, READER_STATE_PATH, readerStateReply } from '../../../testing';
import { BookmarkButton } from './BookmarkButton';
import { FollowButton } from './FollowButton';
import { OWN_COPY } from './own-copy';

const at = '2026-03-02T03:00:00.000Z';
const ok = (data: unknown) => ({ body: { success: true, data } });
const signIn = (id: string) => {
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({
      id,
      username: id,
      displayName: id,
      isAnonymous: true,
      badges: [],
      createdAt: at,
      lastActiveAt: new Date().toISOString(),
      sessionId: 's1',
    }),
  );
  window.dispatchEvent(new Event('pulse:identity'));
};
afterEach(() => {
  cleanup();
  localStorage.clear();
  window.dispatchEvent(new Event('pulse:identity'));
});

describe('FollowButton', () => {
  it('opens the nickname dialog for a reader without one, and asks the server nothing', async () => {
    const api = installFetch();
    render(<FollowButton kind="category" followKey="gen-ai" label="생성형 AI" />);
    await userEvent.click(screen.getByRole('button', { name: OWN_COPY.followLabel('생성형 AI') }));
    // The dialog's code is loaded when it first opens.
    expect(await screen.findByRole('dialog', { name: '로그인 필요' })).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('follows and unfollows through the server, pressed while following', async () => {
    signIn('follow-button-reader');
    const api = installFetch()
      .on('GET', '/api/community/me/follows', ok({ follows: [] }))
      .on(
        'PUT',
        '/api/community/me/follows/category/gen-ai',
        ok({ follow: { kind: 'category', key: 'gen-ai', label: '생성형 AI', createdAt: at } }),
      )
      .on('DELETE', '/api/community/me/follows/category/gen-ai', ok({ removed: true }));
    render(<FollowButton kind="category" followKey="gen-ai" label="생성형 AI" />);
    const button = screen.getByRole('button', { name: OWN_COPY.followLabel('생성형 AI') });
    await waitFor(() => expect(api.calls('GET', '/api/community/me/follows')).toHaveLength(1));
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveTextContent(OWN_COPY.following);
    expect(api.calls('PUT', '/api/community/me/follows/category/gen-ai')[0].body).toEqual({
      label: '생성형 AI',
    });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
  });
});

describe('BookmarkButton', () => {
  it('is disabled on a card for a reader without a nickname', () => {
    installFetch();
    render(<BookmarkButton kind="question" id="q1" title="질문" compact disabledSignedOut />);
    expect(screen.getByRole('button', { name: OWN_COPY.bookmarkLabel('질문') })).toBeDisabled();
  });

  it('shows the server’s state and toggles it', async () => {
    signIn('bookmark-button-reader');
    installFetch()
      .on(
        'GET',
        READER_STATE_PATH,
        readerStateReply('bookmark-button-reader', { articles: { a1: { bookmarked: true } } }),
      )
      .on('DELETE', '/api/community/me/bookmarks/article/a1', ok({ removed: true }));
    render(<BookmarkButton kind="article" id="a1" title="기사" />);
    const button = screen.getByRole('button', { name: OWN_COPY.bookmarkLabel('기사') });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveTextContent(OWN_COPY.bookmarked);
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(button).toHaveTextContent(OWN_COPY.bookmark);
  });
});
