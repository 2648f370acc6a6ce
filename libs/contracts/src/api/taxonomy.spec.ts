import { DIFFICULTY_LABELS, resolveCategorySlug, TECHNOLOGY_CATEGORIES } from './taxonomy';

describe('category slugs (docs/spec-content.md §2 category page, §3 definitions)', () => {
  it.each([
    ['gen-ai', 'gen-ai'],
    ['Gen AI', 'gen-ai'],
    ['Generative AI', 'gen-ai'],
    ['생성형 AI', 'gen-ai'],
    ['생성 AI', 'gen-ai'],
    ['blockchain', 'blockchain'],
    ['블록체인', 'blockchain'],
    ['big-tech', 'big-tech'],
    ['Big Tech', 'big-tech'],
    ['Global Big Tech', 'big-tech'],
    ['빅테크', 'big-tech'],
  ])('resolves %s to %s', (name, slug) => {
    expect(resolveCategorySlug(name)).toBe(slug);
  });

  it('returns undefined for an unknown category', () => {
    expect(resolveCategorySlug('metaverse')).toBeUndefined();
    expect(resolveCategorySlug('')).toBeUndefined();
  });

  it.each(['constructor', 'Con-structor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'finds nothing for %s, a name Object.prototype has',
    (name) => expect(resolveCategorySlug(name)).toBeUndefined(),
  );
});

describe('technology categories and difficulty (docs/spec-content.md §3, §4)', () => {
  it('has the 8 technology categories in seed order', () => {
    expect(TECHNOLOGY_CATEGORIES.map((c) => c.value)).toEqual([
      'ai_ml',
      'web_framework',
      'cloud_native',
      'blockchain',
      'data_engineering',
      'devops',
      'mobile',
      'security',
    ]);
  });

  it('labels difficulty 초급, 중급, 고급', () => {
    expect(Object.values(DIFFICULTY_LABELS).map((d) => d.label)).toEqual(['초급', '중급', '고급']);
  });
});
