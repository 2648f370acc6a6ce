import type { Question } from '@pulse/contracts';
import type { PageHead } from '@pulse/frontend-ui';

// The heads of the qa remote's pages (usePageHead): the same strings as the document the server sends for
// the same path, so the tab reads the same after a reload as after client-side navigation.

export const PAGE_HEADS = {
  list: {
    title: 'Q&A 커뮤니티',
    description: 'AI와 블록체인, 개발에 관한 질문을 올리고 답변을 나누는 펄스 Q&A 커뮤니티입니다.',
    canonical: '/community/qa',
  },
  ask: {
    title: '질문하기',
    description: '펄스 Q&A 커뮤니티에 새 질문을 등록하세요.',
    canonical: '/community/qa/ask',
  },
  /** docs/spec-community.md §2: a missing question has its own not-found text (its page shows the same). */
  questionNotFound: {
    title: '질문을 찾을 수 없습니다',
    description: '존재하지 않거나 삭제된 질문입니다.',
    status: 404,
  },
  /** A question its author deleted or a moderator hid: gone for good, and the page says so. */
  questionGone: {
    title: '삭제된 질문입니다',
    description: '작성자가 삭제했거나 운영 정책에 따라 게시가 중단된 질문입니다.',
    status: 410,
  },
} as const satisfies Record<string, PageHead>;

/** The question's text without markdown markers, as its description. */
const plain = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^(## |- )/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

/** docs/spec-community.md §9: a question page's title ends ' - Q&A' (the site's name follows, as on every page). */
export const questionHead = (question: Question): PageHead => ({
  title: `${question.title} - Q&A`,
  description: plain(question.content),
  canonical: `/community/questions/${encodeURIComponent(question.id)}`,
});
