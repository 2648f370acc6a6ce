import { rankRelated } from './related-analyses';

const analysis = (id: string, category: string, keys: string[], publishedAt: string) => ({
  _id: id,
  technologyCategory: category as 'ai_ml',
  keywordKeys: keys,
  publishedAt,
});

describe('rankRelated', () => {
  const self = analysis('self', 'ai_ml', ['pytorch', 'python', 'gpu'], '2026-03-01T00:00:00.000Z');

  it('puts the same category first, then shared keywords, then newer; at most 3', () => {
    const ranked = rankRelated(self, [
      analysis('other-2-keys', 'devops', ['python', 'gpu'], '2026-03-05T00:00:00.000Z'),
      analysis('same-old', 'ai_ml', [], '2026-02-01T00:00:00.000Z'),
      analysis('same-new', 'ai_ml', [], '2026-02-10T00:00:00.000Z'),
      analysis('same-1-key', 'ai_ml', ['python'], '2026-01-01T00:00:00.000Z'),
      analysis('other-1-key', 'security', ['gpu'], '2026-03-06T00:00:00.000Z'),
    ]);
    expect(ranked.map((a) => a._id)).toEqual(['same-1-key', 'same-new', 'same-old']);
  });

  it('fills with keyword matches across categories and leaves out what shares nothing', () => {
    const ranked = rankRelated(self, [
      analysis('unrelated', 'mobile', ['flutter'], '2026-03-09T00:00:00.000Z'),
      analysis('other-1-key', 'security', ['gpu'], '2026-03-06T00:00:00.000Z'),
      analysis('other-2-keys', 'devops', ['python', 'gpu'], '2026-03-05T00:00:00.000Z'),
      analysis('self', 'ai_ml', ['pytorch'], '2026-03-01T00:00:00.000Z'),
    ]);
    expect(ranked.map((a) => a._id)).toEqual(['other-2-keys', 'other-1-key']);
  });
});
