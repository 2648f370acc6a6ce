import type { z } from 'zod';
import {
  anonymousAuthBodySchema,
  answerListQuerySchema,
  answerVoteBodySchema,
  chatMessageBodySchema,
  commentListQuerySchema,
  commentVoteBodySchema,
  createAnswerBodySchema,
  createCommentBodySchema,
  createQuestionBodySchema,
  createReplyBodySchema,
  editCommentBodySchema,
  questionListQuerySchema,
  questionVoteBodySchema,
} from './community-requests';
import { describeIssues } from './errors';

const messageFor = (schema: z.ZodType, input: unknown): string => {
  const result = schema.safeParse(input);
  return result.success ? '' : describeIssues(result.error);
};

const question = {
  title: 'GPT API 비용을 줄이는 방법이 있을까요?',
  content: '대화 기록이 길어질수록 토큰 비용이 늘어납니다. 비용을 줄이는 좋은 방법이 있을까요?',
  category: 'gen-ai',
  tagIds: [],
  tags: ['ChatGPT', '비용'],
};

describe('anonymous sign-up (docs/spec-community.md §5 nickname)', () => {
  it('accepts a 2 to 20 character nickname and trims it', () => {
    expect(anonymousAuthBodySchema.parse({ username: '  행복한개발자42 ' })).toEqual({
      username: '행복한개발자42',
    });
    expect(anonymousAuthBodySchema.parse({ username: '가나' }).username).toBe('가나');
  });

  it('rejects a short, long or missing nickname, naming username', () => {
    expect(messageFor(anonymousAuthBodySchema, { username: '가' })).toBe(
      'username must be 2 to 20 characters after trimming',
    );
    expect(messageFor(anonymousAuthBodySchema, { username: 'a'.repeat(21) })).toContain('username');
    expect(messageFor(anonymousAuthBodySchema, {})).toContain('username is required');
    expect(messageFor(anonymousAuthBodySchema, { username: 'ab\u0000c' })).toContain('control characters');
  });
});

describe('ask form (docs/spec-community.md §5, §7)', () => {
  it("accepts the seed's request body", () => {
    expect(createQuestionBodySchema.parse(question)).toEqual(question);
  });

  it('accepts a title over the displayed 100 (display only) but not an absurd one', () => {
    expect(createQuestionBodySchema.safeParse({ ...question, title: '가'.repeat(150) }).success).toBe(true);
    expect(messageFor(createQuestionBodySchema, { ...question, title: '가'.repeat(301) })).toContain('title');
  });

  it('enforces the seed minimums after trimming', () => {
    expect(messageFor(createQuestionBodySchema, { ...question, title: '   짧은 제목   ' })).toBe(
      'title must be 10 to 300 characters after trimming',
    );
    expect(messageFor(createQuestionBodySchema, { ...question, content: '너무 짧음' })).toContain(
      'content must be 30 to 20000 characters',
    );
  });

  it('rejects an unknown category, too many tags and repeated tags', () => {
    expect(messageFor(createQuestionBodySchema, { ...question, category: 'all' })).toBe(
      'category must be one of: gen-ai, blockchain, big-tech, development, other',
    );
    expect(
      messageFor(createQuestionBodySchema, { ...question, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    ).toContain('tags must have at most 5 entries');
    expect(messageFor(createQuestionBodySchema, { ...question, tags: ['AI', 'AI'] })).toContain(
      'tags must not repeat',
    );
    expect(messageFor(createQuestionBodySchema, { ...question, tags: [''] })).toContain(
      'tags.0: tag must be',
    );
  });

  it('rejects a body that tries to choose its own author', () => {
    expect(messageFor(createQuestionBodySchema, { ...question, userId: 'someone-else' })).toContain('userId');
  });
});

describe('answers and votes (docs/spec-community.md §5, §7)', () => {
  it('accepts 10 to 5000 characters', () => {
    expect(createAnswerBodySchema.parse({ content: '  최근 5-10개 메시지만 유지하세요.  ' }).content).toBe(
      '최근 5-10개 메시지만 유지하세요.',
    );
    expect(messageFor(createAnswerBodySchema, { content: '짧은 답변' })).toContain(
      'content must be 10 to 5000',
    );
    expect(messageFor(createAnswerBodySchema, { content: 'a'.repeat(5001) })).toContain('content');
  });

  it('accepts the seed votes only', () => {
    expect(questionVoteBodySchema.parse({ voteType: 'upvote' })).toEqual({ voteType: 'upvote' });
    expect(messageFor(questionVoteBodySchema, { voteType: 'downvote' })).toBe(
      'voteType must be one of: upvote',
    );
    expect(answerVoteBodySchema.parse({ voteType: 'downvote' })).toEqual({ voteType: 'downvote' });
    expect(messageFor(answerVoteBodySchema, { voteType: 'like' })).toBe(
      'voteType must be one of: upvote, downvote',
    );
  });

  it('sorts answers by popular by default and accepts the seed sorts', () => {
    expect(answerListQuerySchema.parse({})).toEqual({ sortBy: 'popular' });
    expect(answerListQuerySchema.parse({ sortBy: 'oldest' })).toEqual({ sortBy: 'oldest' });
    expect(messageFor(answerListQuerySchema, { sortBy: 'votes' })).toBe(
      'sortBy must be one of: popular, latest, oldest',
    );
  });

  it('pages the question list (docs/design.md §11.5)', () => {
    expect(
      questionListQuerySchema.parse({ page: '2', sort: 'unanswered', category: 'other', q: ' gas ' }),
    ).toEqual({
      page: 2,
      limit: 20,
      sort: 'unanswered',
      category: 'other',
      q: 'gas',
    });
    expect(messageFor(questionListQuerySchema, { sort: 'views' })).toBe(
      'sort must be one of: latest, popular, unanswered, resolved',
    );
  });
});

describe('comments (docs/spec-community.md §5; docs/design.md §11.3)', () => {
  it('counts comment length after trimming: 5 to 2000', () => {
    expect(messageFor(createCommentBodySchema, { content: '   abcd   ' })).toBe(
      'content must be 5 to 2000 characters after trimming',
    );
    expect(createCommentBodySchema.parse({ content: ' 좋은 기사네요 ' })).toEqual({
      content: '좋은 기사네요',
    });
    expect(messageFor(createCommentBodySchema, { content: 'a'.repeat(2001) })).toContain('content');
  });

  it('allows a one-character reply up to 1000, and edits up to 1000', () => {
    expect(createReplyBodySchema.parse({ content: '네' })).toEqual({ content: '네' });
    expect(messageFor(createReplyBodySchema, { content: 'a'.repeat(1001) })).toContain('1 to 1000');
    expect(messageFor(editCommentBodySchema, { content: 'a'.repeat(1001) })).toContain('1 to 1000');
    expect(messageFor(editCommentBodySchema, { content: '  ' })).toContain('content');
  });

  it('accepts likes and dislikes and the four comment sorts', () => {
    expect(commentVoteBodySchema.parse({ voteType: 'dislike' })).toEqual({ voteType: 'dislike' });
    expect(commentListQuerySchema.parse({})).toEqual({ sort: 'popular', page: 1, limit: 20 });
    expect(commentListQuerySchema.parse({ page: '2', limit: '5' })).toMatchObject({ page: 2, limit: 5 });
    expect(messageFor(commentListQuerySchema, { sort: 'best' })).toBe(
      'sort must be one of: popular, latest, oldest, controversial',
    );
  });
});

describe('assistant chat (docs/spec-community.md §5; docs/design.md §11.4)', () => {
  it('accepts up to 500 characters with an article context', () => {
    expect(
      chatMessageBodySchema.parse({ content: '이 기사 요약해줘', context: { articleId: 'a-1' } }),
    ).toEqual({
      content: '이 기사 요약해줘',
      context: { articleId: 'a-1' },
    });
    expect(messageFor(chatMessageBodySchema, { content: 'a'.repeat(501) })).toContain(
      'content must be 1 to 500',
    );
    expect(messageFor(chatMessageBodySchema, { content: '   ' })).toContain('content');
  });
});
