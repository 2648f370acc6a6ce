import type { z } from 'zod';
import { editAnswerBodySchema, editQuestionBodySchema, markdownPreviewBodySchema } from './community-edits';
import { describeIssues } from './errors';

const messageFor = (schema: z.ZodType, input: unknown): string => {
  const result = schema.safeParse(input);
  return result.success ? '' : describeIssues(result.error);
};

describe('edit and preview bodies', () => {
  it('takes any of a question’s title, content and tags, trimmed, with the ask form’s bounds', () => {
    expect(editQuestionBodySchema.parse({ title: '  고친 제목은 열 글자를 넘습니다  ' })).toEqual({
      title: '고친 제목은 열 글자를 넘습니다',
    });
    expect(editQuestionBodySchema.parse({ tags: ['React', 'SSR'] })).toEqual({ tags: ['React', 'SSR'] });
    expect(messageFor(editQuestionBodySchema, {})).toContain(
      'title, content or tags: at least one is required',
    );
    expect(messageFor(editQuestionBodySchema, { title: '짧음' })).toContain('title must be 10 to 300');
    expect(messageFor(editQuestionBodySchema, { tags: ['a', 'a'] })).toContain('tags must not repeat');
    expect(
      messageFor(editQuestionBodySchema, { title: '고친 제목은 열 글자를 넘습니다', category: 'x' }),
    ).toContain('unknown parameter(s): category');
  });

  it('takes an answer’s content with the answer form’s bounds, and a preview up to a question’s length', () => {
    expect(messageFor(editAnswerBodySchema, { content: '짧은 답변' })).toContain(
      'content must be 10 to 5000',
    );
    expect(messageFor(editAnswerBodySchema, { content: '충분히 긴 답변입니다.', authorId: 'u1' })).toContain(
      'unknown parameter(s): authorId',
    );
    expect(markdownPreviewBodySchema.parse({ content: ' `x` ' })).toEqual({ content: '`x`' });
    expect(messageFor(markdownPreviewBodySchema, { content: 'a'.repeat(20_001) })).toContain('content');
  });
});
