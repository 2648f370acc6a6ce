import type { Answer, Question } from '@pulse/contracts';
import { QA_CATEGORIES } from '@pulse/contracts/src/api/community-constants';

/** How the screens read the server's question and answer (docs/spec-community.md §3 'as used by the screens'). */
export const categoryLabel = (category: string): string =>
  QA_CATEGORIES.find((c) => c.value === category)?.label ?? '기타';

export const tagList = (question: Question): string[] =>
  question.tags.map((tag) => (typeof tag === 'string' ? tag : tag.name));

export const isAnonymousPost = (post: Question | Answer): boolean =>
  post.user === null || post.anonymousSessionId !== null;

export const authorName = (post: Question | Answer): string => post.user?.displayName ?? 'Anonymous User';
