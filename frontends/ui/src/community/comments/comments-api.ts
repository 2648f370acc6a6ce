// The article comments' calls (services/community/README.md 'Article comments'). Constants come from libs/contracts'
// dependency-free modules, deep-imported so no zod schema reaches a bundle.
import type {
  ArticleComment,
  CommentListData,
  CommentListResponse,
  CommentResponse,
  CommentVoteResponse,
} from '@pulse/contracts';
import type { CommentSort } from '@pulse/contracts/src/api/community-constants';
import { ApiError } from '../../api';
import { communityFetch } from '../identity';

const segment = encodeURIComponent;

/** The query key of one article's threads in one order (its loaded pages, one infinite query). */
export const commentPagesKey = (articleId: string, sort: CommentSort) =>
  ['comments', articleId, sort] as const;

const EMPTY_PAGE = (page: number): CommentListData => ({
  comments: [],
  totalCount: 0,
  pagination: { page, totalPages: 1, total: 0, hasMore: false },
});

/** docs/spec-community.md §7: the list; a 404 is an empty list, not an error. */
export async function fetchCommentPage(
  articleId: string,
  sort: CommentSort,
  page: number,
): Promise<CommentListData> {
  try {
    const response = await communityFetch<CommentListResponse>(
      'GET',
      `/api/community/articles/${segment(articleId)}/comments?sort=${sort}&page=${page}`,
    );
    return response.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return EMPTY_PAGE(page);
    throw error;
  }
}

export const postComment = async (articleId: string, content: string): Promise<ArticleComment> =>
  (
    await communityFetch<CommentResponse>('POST', `/api/community/articles/${segment(articleId)}/comments`, {
      content,
    })
  ).data;
export const postReply = async (parentId: string, content: string): Promise<ArticleComment> =>
  (
    await communityFetch<CommentResponse>('POST', `/api/community/comments/${segment(parentId)}/replies`, {
      content,
    })
  ).data;
export const editComment = async (id: string, content: string): Promise<ArticleComment> =>
  (await communityFetch<CommentResponse>('PATCH', `/api/community/comments/${segment(id)}`, { content }))
    .data;
export const deleteComment = (id: string) =>
  communityFetch<{ success: true }>('DELETE', `/api/community/comments/${segment(id)}`);
export const reactToComment = async (id: string, voteType: 'like' | 'dislike') =>
  (
    await communityFetch<CommentVoteResponse>('POST', `/api/community/comments/${segment(id)}/vote`, {
      voteType,
    })
  ).data;
export const reportComment = (id: string) =>
  communityFetch<{ success: true }>('POST', `/api/community/comments/${segment(id)}/report`, {
    reason: 'abuse',
  });
