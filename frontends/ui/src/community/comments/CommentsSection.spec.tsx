import type { ArticleComment, CommentListData } from '@pulse/contracts';
import { act } from 'react';
import { queryClient } from '../../api';
import {
  byLabel,
  cleanup,
  click,
  collectToasts,
  deferred,
  errorResponse,
  get,
  installFetch,
  pageText,
  queryAll,
  render,
  type,
  waitFor,
  type FetchMock,
} from '../../testing';
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
const show = async () => {
  await render(<CommentsSection articleId="a1" />);
};
const item = (id: string) => get(`[data-comment-id="${id}"]`);
const own = (id: string) => get(`[data-comment-id="${id}"] > .comment__body`);

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  api = installFetch();
  window.confirm = () => true;
});
afterEach(cleanup);

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
    await show();
    await waitFor(() => item('c1'));
    expect(get('.comments h2').textContent).toContain('4');
    expect(get('.comments__sort--on').textContent).toBe('인기순');
    const c1 = own('c1');
    expect(c1.querySelector('.comment__avatar')!.textContent).toBe('전');
    expect(c1.querySelector('.comment__author')!.textContent).toBe('전문독자');
    expect(c1.querySelector('.community-badge')!.textContent).toContain('전문가');
    expect(c1.querySelector('time')!.textContent).toBe('2026년 03월 02일');
    expect(c1.querySelector('.comment__edited')!.textContent).toBe('(수정됨)');
    expect(c1.querySelector('.comment__text')!.textContent).toBe('<script>alert(1)</script> 좋은 기사');
    expect(document.querySelector('.comments script')).toBeNull();
    expect(c1.querySelector('[aria-label="좋아요 3"]')).not.toBeNull();
    expect(c1.querySelector('[aria-label="싫어요 1"]')).not.toBeNull();
    // Depth 3 is the last level: no reply button there, one everywhere above.
    expect(own('d2').textContent).toContain('답글');
    expect([...own('d3').querySelectorAll('button')].map((b) => b.textContent)).not.toContain('답글');
    expect(item('c1').querySelector('[data-comment-id="d3"]')).not.toBeNull();
  });

  it('reads each of the four sorts when chosen; a 404 is the empty state', async () => {
    for (const sort of ['popular', 'latest', 'oldest', 'controversial'])
      api.on('GET', `${LIST}?sort=${sort}&page=1`, ok(page([comment(`${sort}-1`)])));
    api.on('GET', '/api/community/articles/a2/comments?sort=popular&page=1', errorResponse(404, '없음'));
    await show();
    await waitFor(() => item('popular-1'));
    for (const [label, sort] of [
      ['최신순', 'latest'],
      ['오래된순', 'oldest'],
      ['논쟁순', 'controversial'],
    ]) {
      await click(get('.comments__sort', label));
      await waitFor(() => item(`${sort}-1`));
      expect(get('.comments__sort--on').textContent).toBe(label);
    }
    await render(<CommentsSection articleId="a2" />);
    await waitFor(() => expect(get('.state--empty').textContent).toContain('아직 댓글이 없습니다.'));
  });

  it('shows a failed read as an error with a retry, never sample comments', async () => {
    let fail = true;
    api.on('GET', `${LIST}?sort=popular&page=1`, () =>
      fail ? errorResponse(400, '잘못된 요청') : ok(page([comment('c1')])),
    );
    await show();
    await waitFor(() => expect(get('.state--error').textContent).toContain('댓글을 불러오지 못했습니다.'));
    fail = false;
    await click(get('.state--error button', '다시 시도'));
    await waitFor(() => item('c1'));
  });

  it('opens the nickname dialog for a signed-out like, reply or comment, and sends nothing', async () => {
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1')])));
    await show();
    await waitFor(() => item('c1'));
    await click(own('c1').querySelector('[aria-label="좋아요 0"]')!);
    expect(get('[role="dialog"] h2').textContent).toBe('로그인 필요');
    await click(get('[role="dialog"] button', '취소'));
    await click(get('.comment__action', '답글'));
    expect(queryAll('[role="dialog"]')).toHaveLength(1);
    await click(get('[role="dialog"] button', '취소'));
    await type(byLabel('댓글 쓰기'), '로그인 없이 쓴 댓글');
    await click(get('.comment-composer button', '등록'));
    expect(queryAll('[role="dialog"]')).toHaveLength(1);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('counts, holds submit out of bounds, sends on Ctrl+Enter and shows the comment at once', async () => {
    signIn();
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1')])));
    const reply = deferred<{ status?: number; body?: unknown }>();
    api.on('POST', LIST, () => reply.promise);
    await show();
    await waitFor(() => item('c1'));
    const box = byLabel('댓글 쓰기');
    const submit = get('.comment-composer button', '등록') as HTMLButtonElement;
    await type(box, '짧음');
    expect(pageText()).toContain('2/2000');
    expect(pageText()).toContain('최소 5자 이상 입력해주세요.');
    expect(submit.disabled).toBe(true);
    await type(box, '  새로 다는 댓글입니다  ');
    expect(pageText()).toContain('11/2000');
    await act(async () => {
      const event = new Event('keydown', { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'key', { value: 'Enter' });
      Object.defineProperty(event, 'ctrlKey', { value: true });
      box.dispatchEvent(event);
    });
    // Shown before the server answers, marked pending; the box is cleared.
    const pending = get('.comments__list > .comment');
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(pending.textContent).toContain('새로 다는 댓글입니다');
    expect((box as HTMLTextAreaElement).value).toBe('');
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
    await waitFor(() => item('c-new'));
    expect(item('c-new').getAttribute('aria-busy')).toBeNull();
    expect(get('.comments h2').textContent).toContain('2');
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
    await show();
    await waitFor(() => get('.state--empty'));
    await type(byLabel('댓글 쓰기'), '거절될 댓글입니다');
    await click(get('.comment-composer button', '등록'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '댓글을 등록하지 못했습니다.',
      description: 'content: 부적절한 표현이 포함되어 있습니다. 내용을 수정해주세요.',
      variant: 'destructive',
    });
    expect(queryAll('.comments__list .comment')).toHaveLength(0);
    await waitFor(() =>
      expect((byLabel('댓글 쓰기') as HTMLTextAreaElement).value).toBe('거절될 댓글입니다'),
    );
  });

  it('switches a like to a dislike at once, takes the server counts, and rolls back a failure', async () => {
    signIn();
    const toasts = collectToasts();
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1', { likes: 2, viewerVote: 'like' })])));
    const vote = deferred<{ status?: number; body?: unknown }>();
    api.on('POST', '/api/community/comments/c1/vote', () => vote.promise);
    await show();
    await waitFor(() => item('c1'));
    await click(own('c1').querySelector('[aria-label="싫어요 0"]')!);
    expect(own('c1').querySelector('[aria-label="좋아요 1"]')!.getAttribute('aria-pressed')).toBe('false');
    expect(own('c1').querySelector('[aria-label="싫어요 1"]')!.getAttribute('aria-pressed')).toBe('true');
    vote.resolve(ok({ likes: 5, dislikes: 4, viewerVote: 'dislike' }));
    await waitFor(() => own('c1').querySelector('[aria-label="좋아요 5"]')!);

    api.on('POST', '/api/community/comments/c1/vote', errorResponse(429, '요청이 너무 많습니다.'));
    await click(own('c1').querySelector('[aria-label="좋아요 5"]')!);
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['좋아요/싫어요를 반영하지 못했습니다.']));
    expect(own('c1').querySelector('[aria-label="좋아요 5"]')).not.toBeNull();
    expect(own('c1').querySelector('[aria-label="싫어요 4"]')!.getAttribute('aria-pressed')).toBe('true');
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
    await show();
    await waitFor(() => item('m1'));
    const labels = (id: string) =>
      [...own(id).querySelectorAll('.comment__action')].map((b) => b.textContent);
    expect(labels('m1')).toEqual(['답글', '수정', '삭제']);
    expect(labels('o1')).toEqual(['답글', '신고']);

    await click(get('[data-comment-id="m1"] .comment__action', '수정'));
    const save = get('[data-comment-id="m1"] .comment-composer button', '저장') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await type(byLabel('댓글 수정'), '고친 내용입니다');
    await click(save);
    await waitFor(() =>
      expect(own('m1').querySelector('.comment__text')!.textContent).toBe('고친 내용입니다'),
    );
    expect(own('m1').querySelector('.comment__edited')).not.toBeNull();

    let asked = '';
    window.confirm = (message) => {
      asked = String(message);
      return true;
    };
    await click(get('[data-comment-id="m1"] .comment__action', '삭제'));
    expect(asked).toBe('정말로 이 댓글을 삭제하시겠습니까?');
    expect(own('m1').textContent).toBe('삭제된 댓글입니다.');
    expect(item('m1').querySelector('[data-comment-id="r1"]')).not.toBeNull();
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
    await show();
    await waitFor(() => item('m1'));
    window.confirm = () => false;
    await click(get('.comment__action', '삭제'));
    expect(api.calls('DELETE', '/api/community/comments/m1')).toHaveLength(0);
    window.confirm = () => true;
    await click(get('.comment__action', '삭제'));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['댓글을 삭제하지 못했습니다.']));
    expect(own('m1').querySelector('.comment__text')!.textContent).toBe('m1의 내용입니다');
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
    await show();
    await waitFor(() => item('c1'));
    await click(get('[data-comment-id="c1"] .comment__action', '답글'));
    await type(byLabel('답글 쓰기'), 'ㅇㅇ');
    await click(get('[data-comment-id="c1"] .comment-composer button', '등록'));
    await waitFor(() => item('c1').querySelector('[data-comment-id="r-new"]')!);
    expect(api.calls('POST', '/api/community/comments/c1/replies')[0].body).toEqual({ content: 'ㅇㅇ' });
    await click(get('.comments__more', '댓글 더 보기'));
    await waitFor(() => item('c2'));
    expect(queryAll('.comments__more')).toHaveLength(0);
  });

  it('shows a comment before the server answers and takes it out again when the answer is an error', async () => {
    signIn();
    const toasts = collectToasts();
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1')])));
    const reply = deferred<{ status?: number; body?: unknown }>();
    api.on('POST', LIST, () => reply.promise);
    await show();
    await waitFor(() => item('c1'));
    await type(byLabel('댓글 쓰기'), '곧 거절될 댓글입니다');
    await click(get('.comment-composer button', '등록'));
    await waitFor(() => expect(pageText()).toContain('곧 거절될 댓글입니다'));
    expect(queryAll('.comments__list > .comment')).toHaveLength(2);
    reply.resolve(errorResponse(503, '잠시 후 다시 시도해주세요.'));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['댓글을 등록하지 못했습니다.']));
    expect(queryAll('.comments__list > .comment')).toHaveLength(1);
    expect(get('.comments h2').textContent).toContain('1');
  });

  it('shows a like on a comment before the server answers and rolls it back on an error', async () => {
    signIn();
    const toasts = collectToasts();
    api.on('GET', `${LIST}?sort=popular&page=1`, ok(page([comment('c1', { likes: 2 })])));
    const vote = deferred<{ status?: number; body?: unknown }>();
    api.on('POST', '/api/community/comments/c1/vote', () => vote.promise);
    await show();
    await waitFor(() => item('c1'));
    await click(own('c1').querySelector('[aria-label="좋아요 2"]')!);
    await waitFor(() => expect(own('c1').querySelector('[aria-label="좋아요 3"]')).not.toBeNull());
    expect(own('c1').querySelector('[aria-label="좋아요 3"]')!.getAttribute('aria-pressed')).toBe('true');
    vote.resolve(errorResponse(500, '서버 오류'));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['좋아요/싫어요를 반영하지 못했습니다.']));
    expect(own('c1').querySelector('[aria-label="좋아요 2"]')!.getAttribute('aria-pressed')).toBe('false');
  });
});
