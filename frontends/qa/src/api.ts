// The qa remote's calls (services/community/README.md). Constants come from libs/contracts' dependency-free
// modules, deep-imported so no zod schema reaches the bundle.
import type {
  MarkdownPreviewResponse,
  PostRevisionsResponse,
  AnswerListResponse,
  AnswerVoteResponse,
  CreateAnswerResponse,
  CreateQuestionResponse,
  QuestionDetailResponse,
  QuestionViewResponse,
  QuestionVoteResponse,
} from '@pulse/contracts';
import type { AnswerSort, QuestionSort } from '@pulse/contracts/src/api/community-constants';
import { communityFetch } from '@pulse/frontend-ui';

const segment = encodeURIComponent;

export interface ListFilters {
  q: string;
  category: string;
  sort: QuestionSort;
}

export function questionListPath(filters: ListFilters, page: number): string {
  const query = new URLSearchParams({ page: String(page), sort: filters.sort, category: filters.category });
  if (filters.q.trim()) query.set('q', filters.q.trim());
  return `/api/community/questions?${query}`;
}

/** A question and its answers: the same for every reader, read as queries (and on the server). */
export const questionPath = (id: string) => `/api/community/questions/${segment(id)}`;
export const answersPath = (id: string, sortBy: AnswerSort) =>
  `/api/community/questions/${segment(id)}/answers?sortBy=${sortBy}`;
export type { AnswerListResponse, QuestionDetailResponse };
/** Counts the reader's view; the server keeps one per reader and window. */
export const postQuestionView = (id: string) =>
  communityFetch<QuestionViewResponse>('POST', `/api/community/questions/${segment(id)}/view`);
export const postQuestion = (body: {
  title: string;
  content: string;
  category: string;
  tags: string[];
  articleId?: string;
}) => communityFetch<CreateQuestionResponse>('POST', '/api/community/questions', { ...body, tagIds: [] });
export const postAnswer = (questionId: string, content: string) =>
  communityFetch<CreateAnswerResponse>('POST', `/api/community/questions/${segment(questionId)}/answers`, {
    content,
  });
export const voteQuestion = (id: string) =>
  communityFetch<QuestionVoteResponse>('POST', `/api/community/questions/${segment(id)}/vote`, {
    voteType: 'upvote',
  });
export const voteAnswer = (id: string, voteType: 'upvote' | 'downvote') =>
  communityFetch<AnswerVoteResponse>('POST', `/api/community/answers/${segment(id)}/vote`, { voteType });
export const acceptAnswer = (questionId: string, answerId: string) =>
  communityFetch<{ success: true }>(
    'POST',
    `/api/community/questions/${segment(questionId)}/answers/${segment(answerId)}/accept`,
  );
export const deleteQuestion = (id: string) =>
  communityFetch<{ success: true }>('DELETE', `/api/community/questions/${segment(id)}`);
export const deleteAnswer = (id: string) =>
  communityFetch<{ success: true }>('DELETE', `/api/community/answers/${segment(id)}`);
export const reportPost = (kind: 'questions' | 'answers', id: string) =>
  communityFetch<{ success: true }>('POST', `/api/community/${kind}/${segment(id)}/report`, {
    reason: 'abuse',
  });
/** The author's edits (the server checks who; the page offers them from the votes call's `mine`). */
export const editQuestion = (id: string, body: { title?: string; content?: string; tags?: string[] }) =>
  communityFetch<QuestionDetailResponse>('PATCH', `/api/community/questions/${segment(id)}`, body);
export const editAnswer = (id: string, content: string) =>
  communityFetch<CreateAnswerResponse>('PATCH', `/api/community/answers/${segment(id)}`, { content });
/** A post's versions, newest first (public). */
export const fetchRevisions = (kind: 'questions' | 'answers', id: string) =>
  communityFetch<PostRevisionsResponse>('GET', `/api/community/${kind}/${segment(id)}/revisions`);
/** The draft rendered by the server as readers will see it; nothing is stored. */
export const previewMarkdown = (content: string) =>
  communityFetch<MarkdownPreviewResponse>('POST', '/api/community/markdown/preview', { content });
