import type { ArticleComment, CommentListData } from '@pulse/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { queryClient } from '../../api';
import {
  askedIds,
  collectToasts,
  deferred,
  errorResponse,
  installFetch,
  READER_STATE_PATH,
  readerStateReply,
  type FetchMock,
} from '../../../testing';
import { CommentsSection } from './CommentsSection';

const LIST = '/api/community/articles/a1/comments';
const at = '2026-03-02T03:00:00.000Z';
const ok = (data: unknown) => ({ body: { success: true, data } });

function comment(id: string, overrides: Partial<ArticleComment> = {}): ArticleComment {
  return {
    id,
    articleId: 'a1',
    parentId: null,
    depth: 0,
    content: `${id}의 내용입니다`,
    author: { id: 'u-other', displayName: '다른독자', avatar: null, isAnonymous: true, badges: [] },
    createdAt: at,
    updatedAt: at,
    isEdited: false,
    likes: 0,
    dislikes: 0,
    replies: [],
    ...overrides,
  };
}
const page = (
  comments: ArticleComment[],
  more: Partial<CommentListData['pagination']> = {},
): CommentListData => ({
  comments,
  totalCount: comments.length,
  pagination: { page: 1, totalPages: 1, total: comments.length, hasMore: false, ...more },
});

let api: FetchMock;
const signIn = (id = 'u-me', displayName = '나독자') =>
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({
      id,
      username: displayName,
      displayName,
      isAnonymous: true,
      badges: [],
      createdAt: at,
      lastActiveAt: new Date().toISOString(),
      sessionId: 's1',
    }),
  );
let user: UserEvent;
const show = () => render(<CommentsSection articleId="a1" />);
// A comment's list item carries its id (authors' names, which name the comments, repeat); its own body is the
// first article in it, its replies' bodies follow.
const item = (id: string) => {
  const found = document.querySelector<HTMLElement>(`[data-comment-id="${id}"]`);
  if (!found) throw new Error(`no comment ${id} in: ${document.body.textContent}`);
  return found;
};
const own = (id: string) => within(item(id)).getAllByRole('article')[0]!;
const shown = (id: string) => waitFor(() => expect(item(id)).toBeInTheDocument());
const section = () => screen.getByRole('region', { name: /^댓글/ });
const sortOn = () =>
  within(screen.getByRole('group', { name: '댓글 정렬' })).getByRole('button', { pressed: true });
const composer = (name = '댓글 쓰기') => screen.getByRole('textbox', { name });
const reaction = (id: string, name: string) => within(own(id)).getByRole('button', { name });
/** Replaces what the box holds, as a reader selecting it all and typing does. */
async function typeIn(box: HTMLElement, text: string) {
  await user.clear(box);
  await user.type(box, text);
}

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  api = installFetch();
  window.confirm = () => true;
  user = userEvent.setup();
});

describe('comments section', () => {
  it('reads popular first and shows every part of a comment, replies nested, markup as text', async () => {
    const badge = {
      id: 'expert',
      name: '전문가',
      description: '관리자가 인정한 전문가',
      icon: '🎓',
      color: 'purple' as const,
      type: 'role' as const,
      earnedAt: at,
    };
    const d3 = comment('d3', { depth: 3, parentId: 'd2', content: '셋째 답글' });
    const d2 = comment('d2', { depth: 2, parentId: 'd1', replies: [d3] });
    const d1 = comment('d1', { depth: 1, parentId: 'c1', replies: [d2] });
    api.on(
      'GET',
      `${LIST}?sort=popular&page=1`,
      ok({
        ...page([
          comment('c1', {
            content: '<script>alert(1)</script> 좋은 기사',
            author: { id: 'u1', displayName: '전문독자', avatar: null, isAnonymous: true, badges: [badge] },
            updatedAt: '2026-03-02T04:00:00.000Z',
            isEdited: true,
            likes: 3,
            dislikes: 1,
            replies: [d1],
          }),
        ]),
        totalCount: 4,
      }),
    );
    show();
    await shown('c1');
    const heading = within(section()).getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent('4');
    expect(heading).toHaveAccessibleName('댓글 댓글 4개');
    expect(sortOn()).toHaveTextContent(/^인기순$/);
    expect(sortOn()).toHaveClass('comments__sort--on');
    const c1 = own('c1');
    expect(c1).toHaveAccessibleName('전문독자의 댓글');
    expect(within(c1).getByText('전')).toHaveClass('comment__avatar');
    expect(within(c1).getByText('전문독자')).toHaveClass('comment__author');
    expect(c1.querySelector('.community-badge')).toHaveTextContent('전문가');
    // Posted long before the test runs: its date and time (12:00 in Seoul), the same in its title.
    const time = within(c1).getByText('2026년 03월 02일 12:00');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', '2026년 03월 02일 12:00');
    expect(within(c1).getByText('(수정됨)')).toHaveClass('comment__edited');
    expect(within(c1).getByText('<script>alert(1)</script> 좋은 기사')).toHaveClass('comment__text');
    expect(section().querySelector('script')).toBeNull();
    expect(reaction('c1', '좋아요 3')).toBeInTheDocument();
    expect(reaction('c1', '싫어요 1')).toBeInTheDocument();
    // Depth 3 is the last level: no reply button there, one everywhere above.
    expect(within(own('d2')).getByRole('button', { name: '답글' })).toBeInTheDocument();
    expect(within(own('d3')).queryByRole('button', { name: '답글' })).not.toBeInTheDocument();
    expect(
      within(own('d3'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).not.toContain('답글');
    expect(item('c1')).toContainElement(item('d3'));
  });

  it('reads each of the four sorts when chosen; a 404 is the empty state', async () => {
    for (const sort of ['popular', 'latest', 'oldest', 'controversial'])
      api.on('GET', `${LIST}?sort=${sort}&page=1`, ok(page([comment(`${sort}-1`)])));
    api.on('GET', '/api/community/articles/a2/comments?sort=popular&page=1', errorResponse(404, '없음'));
    show();
    await shown('popular-1');
    for (const [label, sort] of [
      ['최신순', 'latest'],
      ['오래된순', 'oldest'],
      ['논쟁순', 'controversial'],
    ]) {
      await user.click(screen.getByRole('button', { name: label }));
      await shown(`${sort}-1`);
      expect(sortOn()).toHaveTextContent(new RegExp(`^${label}$`));
    }
    cleanup();
    render(<CommentsSection articleId="a2" />);
    const empty = await screen.findByText('아직 댓글이 없습니다.');
    expect(empty.closest('.state--empty')).toBeInTheDocument();
  });

  it('shows a failed read as an error with a retry, never sample comments', async () => {
    let fail = true;
    api.on('GET', `${LIST}?sort=popular&page=1`, () =>
      fail ? errorResponse(400, '잘못된 요청') : ok(page([comment('c1')])),
    );
    show();
    const error = (await screen.findByText('댓글을 불러오지 못했습니다.')).closest<HTMLElement>(
      '.state--error',
    )!;
    expect(error).toBeInTheDocument();
    fail = false;
    await user.click(within(error).getByRole('button', { name: '다시 시도' }));
    await shown('c1');
  });

  it('opens the nickname dialog for a signed-out like, reply or comment, and sends nothing', async () => {
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1')])));
    show();
    await shown('c1');
    await user.click(reaction('c1', '좋아요 0'));
    expect(within(screen.getByRole('dialog')).getByRole('heading', { level: 2 }).textContent).toBe(
      '로그인 필요',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(own('c1')).getByRole('button', { name: '답글' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '취소' }));
    await typeIn(composer(), '로그인 없이 쓴 댓글');
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('counts, holds submit out of bounds, sends on Ctrl+Enter and shows the comment at once', async () => {
    signIn();
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1')])));
    const reply = deferred<{ status?: number; body?: unknown }>();
    api.on('POST', LIST, () => reply.promise);
    show();
    await shown('c1');
    const box = composer();
    const submit = screen.getByRole('button', { name: '등록' });
    await typeIn(box, '짧음');
    expect(document.body).toHaveTextContent('2/2000');
    expect(document.body).toHaveTextContent('최소 5자 이상 입력해주세요.');
    expect(submit).toBeDisabled();
    await typeIn(box, '  새로 다는 댓글입니다  ');
    expect(document.body).toHaveTextContent('11/2000');
    expect(submit).toBeEnabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    // Shown before the server answers, marked pending; the box is cleared.
    const pending = within(section()).getAllByRole('listitem')[0]!;
    expect(pending).toHaveClass('comment');
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(pending).toHaveTextContent('새로 다는 댓글입니다');
    expect(box).toHaveValue('');
    expect(api.calls('POST', LIST)[0].body).toEqual({ content: '새로 다는 댓글입니다' });
    reply.resolve({
      status: 201,
      body: {
        success: true,
        data: comment('c-new', {
          content: '새로 다는 댓글입니다',
          author: { id: 'u-me', displayName: '나독자', avatar: null, isAnonymous: true, badges: [] },
          viewerVote: null,
        }),
      },
    });
    await shown('c-new');
    expect(item('c-new')).not.toHaveAttribute('aria-busy');
    expect(within(section()).getByRole('heading', { level: 2 })).toHaveTextContent('2');
  });

  it('rolls a refused comment back with a toast and gives the draft back', async () => {
    signIn();
    const toasts = collectToasts();
    api
      .on('GET', `${LIST}?sort=popular&page=1`, ok(page([])))
      .on(
        'POST',
        LIST,
        errorResponse(400, 'content: 부적절한 표현이 포함되어 있습니다. 내용을 수정해주세요.'),
      );
    show();
    expect((await screen.findByText('아직 댓글이 없습니다.')).closest('.state--empty')).toBeInTheDocument();
    await typeIn(composer(), '거절될 댓글입니다');
    await user.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '댓글을 등록하지 못했습니다.',
      description: 'content: 부적절한 표현이 포함되어 있습니다. 내용을 수정해주세요.',
      variant: 'destructive',
    });
    expect(within(section()).queryAllByRole('listitem')).toHaveLength(0);
    expect(section().querySelector('.comment')).toBeNull();
    await waitFor(() => expect(composer()).toHaveValue('거절될 댓글입니다'));
  });

  it('switches a like to a dislike at once, takes the server counts, and rolls back a failure', async () => {
    signIn();
    const toasts = collectToasts();
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1', { likes: 2 })])));
    api.on('GET', READER_STATE_PATH, readerStateReply('u-me', { comments: { c1: { reaction: 'like' } } }));
    const vote = deferred<{ status?: number; body?: unknown }>();
    api.on('POST', '/api/community/comments/c1/vote', () => vote.promise);
    show();
    await shown('c1');
    await waitFor(() => expect(reaction('c1', '좋아요 2')).toHaveAttribute('aria-pressed', 'true'));
    await user.click(reaction('c1', '싫어요 0'));
    expect(reaction('c1', '좋아요 1')).toHaveAttribute('aria-pressed', 'false');
    expect(reaction('c1', '싫어요 1')).toHaveAttribute('aria-pressed', 'true');
    vote.resolve(ok({ likes: 5, dislikes: 4, viewerVote: 'dislike' }));
    await waitFor(() => expect(reaction('c1', '좋아요 5')).toBeInTheDocument());

    api.on('POST', '/api/community/comments/c1/vote', errorResponse(429, '요청이 너무 많습니다.'));
    await user.click(reaction('c1', '좋아요 5'));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['좋아요/싫어요를 반영하지 못했습니다.']));
    expect(reaction('c1', '좋아요 5')).toBeInTheDocument();
    expect(reaction('c1', '싫어요 4')).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers edit and delete on my comments only; edits need a change; deleting keeps the replies', async () => {
    signIn('u-me');
    const mine = (id: string, extra: Partial<ArticleComment> = {}) =>
      comment(id, {
        author: { id: 'u-me', displayName: '나독자', avatar: null, isAnonymous: true, badges: [] },
        ...extra,
      });
    api
      .on(
        'GET',
        `${LIST}?sort=popular&page=1`,
        ok(page([mine('m1', { replies: [comment('r1', { depth: 1, parentId: 'm1' })] }), comment('o1')])),
      )
      .on('PATCH', '/api/community/comments/m1', (request) =>
        ok(
          mine('m1', {
            content: (request.body as { content: string }).content,
            updatedAt: '2026-03-03T00:00:00.000Z',
            isEdited: true,
          }),
        ),
      )
      .on('DELETE', '/api/community/comments/m1', ok(undefined));
    show();
    await shown('m1');
    // The comment's actions, after its two reactions.
    const labels = (id: string) =>
      within(own(id))
        .getAllByRole('button')
        .filter((b) => b.classList.contains('comment__action'))
        .map((b) => b.textContent);
    expect(labels('m1')).toEqual(['답글', '수정', '삭제']);
    expect(labels('o1')).toEqual(['답글', '신고']);

    await user.click(within(own('m1')).getByRole('button', { name: '수정' }));
    const save = within(item('m1')).getByRole('button', { name: '저장' });
    expect(save).toBeDisabled();
    await typeIn(composer('댓글 수정'), '고친 내용입니다');
    await user.click(save);
    await waitFor(() => expect(within(own('m1')).getByText('고친 내용입니다')).toHaveClass('comment__text'));
    expect(within(own('m1')).getByText('(수정됨)')).toHaveClass('comment__edited');

    let asked = '';
    window.confirm = (message) => {
      asked = String(message);
      return true;
    };
    await user.click(within(own('m1')).getByRole('button', { name: '삭제' }));
    expect(asked).toBe('정말로 이 댓글을 삭제하시겠습니까?');
    expect(own('m1').textContent).toBe('삭제된 댓글입니다.');
    expect(own('m1')).toHaveAccessibleName('삭제된 댓글입니다.');
    expect(item('m1')).toContainElement(item('r1'));
    await waitFor(() => expect(api.calls('DELETE', '/api/community/comments/m1')).toHaveLength(1));
  });

  it('restores a comment whose delete failed, with a toast; a declined confirmation deletes nothing', async () => {
    signIn('u-me');
    const toasts = collectToasts();
    const mine = comment('m1', {
      author: { id: 'u-me', displayName: '나독자', avatar: null, isAnonymous: true, badges: [] },
    });
    api
      .on('GET', `${LIST}?sort=popular&page=1`, ok(page([mine])))
      .on(
        'DELETE',
        '/api/community/comments/m1',
        errorResponse(403, '댓글 작성자만 수정하거나 삭제할 수 있습니다.'),
      );
    show();
    await shown('m1');
    window.confirm = () => false;
    await user.click(screen.getByRole('button', { name: '삭제' }));
    expect(api.calls('DELETE', '/api/community/comments/m1')).toHaveLength(0);
    expect(within(own('m1')).getByText('m1의 내용입니다')).toBeInTheDocument();
    window.confirm = () => true;
    await user.click(screen.getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['댓글을 삭제하지 못했습니다.']));
    expect(within(own('m1')).getByText('m1의 내용입니다')).toHaveClass('comment__text');
  });

  it('replies under a comment and loads the next page of threads', async () => {
    signIn();
    api
      .on(
        'GET',
        `${LIST}?sort=popular&page=1`,
        ok(page([comment('c1')], { hasMore: true, totalPages: 2, total: 2 })),
      )
      .on(
        'GET',
        `${LIST}?sort=popular&page=2`,
        ok(page([comment('c2')], { page: 2, totalPages: 2, total: 2 })),
      )
      .on(
        'POST',
        '/api/community/comments/c1/replies',
        ok(comment('r-new', { depth: 1, parentId: 'c1', content: 'ㅇㅇ' })),
      );
    show();
    await shown('c1');
    await user.click(within(own('c1')).getByRole('button', { name: '답글' }));
    await typeIn(composer('답글 쓰기'), 'ㅇㅇ');
    await user.click(within(item('c1')).getByRole('button', { name: '등록' }));
    await waitFor(() => expect(item('c1')).toContainElement(item('r-new')));
    expect(api.calls('POST', '/api/community/comments/c1/replies')[0].body).toEqual({ content: 'ㅇㅇ' });
    await user.click(screen.getByRole('button', { name: '댓글 더 보기' }));
    await shown('c2');
    expect(screen.queryByRole('button', { name: /댓글 더 보기|불러오는 중/ })).not.toBeInTheDocument();
    expect(document.querySelector('.comments__more')).toBeNull();
  });

  it('shows a comment before the server answers and takes it out again when the answer is an error', async () => {
    signIn();
    const toasts = collectToasts();
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1')])));
    const reply = deferred<{ status?: number; body?: unknown }>();
    api.on('POST', LIST, () => reply.promise);
    show();
    await shown('c1');
    // Top-level comments have no role of their own to count by: the list's direct items.
    const topLevel = () => document.querySelectorAll('.comments__list > .comment');
    await typeIn(composer(), '곧 거절될 댓글입니다');
    await user.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect(section()).toHaveTextContent('곧 거절될 댓글입니다'));
    expect(topLevel()).toHaveLength(2);
    reply.resolve(errorResponse(503, '잠시 후 다시 시도해주세요.'));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['댓글을 등록하지 못했습니다.']));
    expect(topLevel()).toHaveLength(1);
    // The refused text is back in the box, not lost.
    expect(composer()).toHaveValue('곧 거절될 댓글입니다');
    expect(within(section()).getByRole('heading', { level: 2 })).toHaveTextContent('1');
  });

  it('shows a like on a comment before the server answers and rolls it back on an error', async () => {
    signIn();
    const toasts = collectToasts();
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1', { likes: 2 })])));
    const vote = deferred<{ status?: number; body?: unknown }>();
    api.on('POST', '/api/community/comments/c1/vote', () => vote.promise);
    show();
    await shown('c1');
    await user.click(reaction('c1', '좋아요 2'));
    await waitFor(() => expect(reaction('c1', '좋아요 3')).toHaveAttribute('aria-pressed', 'true'));
    vote.resolve(errorResponse(500, '서버 오류'));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['좋아요/싫어요를 반영하지 못했습니다.']));
    expect(reaction('c1', '좋아요 2')).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the shared thread first, then the reader’s reactions from one state call for every comment shown', async () => {
    signIn();
    const reply = comment('r1', { parentId: 'c1', depth: 1, likes: 1 });
    const held = deferred<{ status?: number; body?: unknown }>();
    api
      .on(
        'GET',
        `${LIST}?sort=popular&page=1`,
        ok(page([comment('c1', { likes: 2, replies: [reply] }), comment('c2')])),
      )
      .on('GET', READER_STATE_PATH, async (request) => {
        await held.promise;
        return readerStateReply('u-me', { comments: { r1: { reaction: 'like' } } })(request);
      });
    show();
    await shown('r1');
    // The shared bytes carry no one's reaction: nothing is pressed until the reader's own marks arrive.
    expect(reaction('r1', '좋아요 1')).toHaveAttribute('aria-pressed', 'false');
    held.resolve({});
    await waitFor(() => expect(reaction('r1', '좋아요 1')).toHaveAttribute('aria-pressed', 'true'));
    expect(reaction('c1', '좋아요 2')).toHaveAttribute('aria-pressed', 'false');
    const calls = api.calls('GET', READER_STATE_PATH);
    expect(calls).toHaveLength(1);
    expect(askedIds(calls[0])).toEqual({ comments: ['c1', 'r1', 'c2'] });
  });

  it('keeps a reaction the reader made when the thread is read again without it', async () => {
    signIn();
    api
      .on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1', { likes: 2 })])))
      .on('GET', READER_STATE_PATH, readerStateReply('u-me'))
      .on('POST', '/api/community/comments/c1/vote', ok({ likes: 3, dislikes: 0, viewerVote: 'like' }));
    show();
    await shown('c1');
    await waitFor(() => expect(api.calls('GET', READER_STATE_PATH)).toHaveLength(1));
    await user.click(reaction('c1', '좋아요 2'));
    await waitFor(() => expect(reaction('c1', '좋아요 3')).toHaveAttribute('aria-pressed', 'true'));
    // The shared copy read again (another reader's purge, a refetch) now counts the like but names no one's.
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1', { likes: 3 })])));
    await queryClient.refetchQueries();
    await waitFor(() => expect(api.calls('GET', `${LIST}?sort=popular&page=1`)).toHaveLength(2));
    expect(reaction('c1', '좋아요 3')).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls('GET', READER_STATE_PATH)).toHaveLength(1);
  });

  it('asks for no reactions with nobody signed in', async () => {
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1', { likes: 2 })])));
    show();
    await shown('c1');
    expect(reaction('c1', '좋아요 2')).toHaveAttribute('aria-pressed', 'false');
    expect(api.calls('GET', READER_STATE_PATH)).toHaveLength(0);
  });
});
