import type { TranslationOutput } from '../output/translation-output.schema';
import { editedFields } from './edited-fields';

const output: TranslationOutput = {
  title: '오픈AI, 새 추론 모델 공개',
  summary: '오픈AI가 수학에 강한 새 추론 모델을 공개했다.',
  bodyHtml: '<p>짧은 본문</p>',
  primaryCategory: 'gen-ai',
  secondaryCategory: null,
  tags: ['오픈AI'],
  contentType: 'news',
  keyInsights: [],
  paragraphSources: [],
};

describe('the fields of a held edit, for the audit log', () => {
  it('keeps only the named fields that moved, long text cut to 200 characters', () => {
    const body = `<p>${'가'.repeat(500)}</p>`;
    const changes = { title: output.title, bodyHtml: body, tags: ['오픈AI', '추론'] };
    expect(editedFields(changes, output, { ...output, ...changes })).toEqual({
      before: { bodyHtml: '<p>짧은 본문</p>', tags: ['오픈AI'] },
      after: { bodyHtml: `${body.slice(0, 200)}…`, tags: ['오픈AI', '추론'] },
    });
  });

  it('has nothing to record for an edit that moved nothing, and a field the model never wrote as null', () => {
    expect(editedFields({ title: output.title }, output, output)).toBeNull();
    expect(editedFields({ title: '제목' }, null, { ...output, title: '제목' })).toEqual({
      before: { title: null },
      after: { title: '제목' },
    });
  });
});
