import {
  TRANSLATION_OUTPUT_JSON_SCHEMA,
  describeOutputError,
  translationOutputSchema,
} from './translation-output.schema';

const valid = {
  title: '오픈AI, 새 추론 모델 공개',
  summary: '오픈AI가 새 추론 모델을 공개했다.',
  bodyHtml: '<p>본문</p>',
  primaryCategory: 'gen-ai',
  secondaryCategory: null,
  tags: ['오픈AI'],
  contentType: 'news',
  keyInsights: [],
  paragraphSources: [[0]],
};

describe('translation output schema', () => {
  it('accepts a complete output', () => {
    expect(translationOutputSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['a summary over 160 characters', { summary: '가'.repeat(161) }, 'summary'],
    ['an unknown category', { primaryCategory: 'cooking' }, 'primaryCategory'],
    ['the same category twice', { secondaryCategory: 'gen-ai' }, 'secondaryCategory'],
    ['an insight without key insights', { contentType: 'insight', keyInsights: ['하나'] }, 'keyInsights'],
    ['more than 3 key insights', { keyInsights: ['1', '2', '3', '4'] }, 'keyInsights'],
    ['an unknown content type', { contentType: 'opinion' }, 'contentType'],
  ])('rejects %s', (_what, change, field) => {
    const result = translationOutputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeOutputError(result.error)).toContain(`${field}:`);
  });

  it('accepts an insight with 2–3 key insights', () => {
    const insight = { ...valid, contentType: 'insight', keyInsights: ['첫째', '둘째'] };
    expect(translationOutputSchema.safeParse(insight).success).toBe(true);
  });

  it('sends a strict JSON Schema: every field required, nothing extra, no length keywords', () => {
    const schema = TRANSLATION_OUTPUT_JSON_SCHEMA.schema as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, unknown>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required.sort()).toEqual(Object.keys(valid).sort());
    expect(JSON.stringify(schema)).not.toMatch(/maxLength|minLength|\$schema|"default"/);
    expect(schema.properties.primaryCategory).toEqual({
      type: 'string',
      enum: ['gen-ai', 'blockchain', 'big-tech'],
    });
  });
});
