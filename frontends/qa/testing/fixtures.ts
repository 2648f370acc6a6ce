import type { Answer, Badge, Question, QuestionListData } from '@pulse/contracts';

const at = '2026-11-20T09:00:00.000Z';

export const badge = (id: string, name = `배지 ${id}`): Badge => ({
  id,
  name,
  description: `${name} 설명`,
  icon: '★',
  color: 'blue',
  type: 'achievement',
  earnedAt: at,
});

export const author = (id: string, badges: Badge[] = []) => ({
  id,
  username: id,
  displayName: `닉네임-${id}`,
  createdAt: at,
  isAnonymous: true,
  badges,
});

export const question = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  title: `질문 제목 ${id} 입니다`,
  content: `질문 ${id}의 본문은 서른 글자를 넘는 충분히 긴 내용입니다.`,
  user: author('u1'),
  anonymousSessionId: 's1',
  category: 'gen-ai',
  tags: ['ChatGPT', 'API', '토큰', '비용'],
  viewCount: 3,
  upvotes: 1,
  answerCount: 0,
  isAnswered: false,
  acceptedAnswerId: null,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

export const answer = (id: string, overrides: Partial<Answer> = {}): Answer => ({
  id,
  questionId: 'q1',
  content: `답변 ${id}: 열 글자 이상인 답변입니다.`,
  user: author('u2'),
  anonymousSessionId: 's2',
  upvotes: 0,
  downvotes: 0,
  isAccepted: false,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

export const listPage = (questions: Question[], hasMore = false, page = 1): { body: unknown } => ({
  body: {
    success: true,
    data: {
      questions,
      pagination: { page, totalPages: hasMore ? page + 1 : page, total: questions.length, hasMore },
      stats: { totalQuestions: 21, resolvedQuestions: 4, unansweredQuestions: 9, totalAnswers: 30 },
    } satisfies QuestionListData,
  },
});
