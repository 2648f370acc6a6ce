import type { TechAnalysis, TechAnalysisListItem } from '@pulse/contracts';

export function makeListItem(overrides: Partial<TechAnalysisListItem> = {}): TechAnalysisListItem {
  const slug = overrides.slug ?? 'rust-async';
  return {
    id: `id-${slug}`,
    slug,
    title: `분석 ${slug}`,
    executiveSummary: `요약 ${slug}`,
    technologyName: 'Rust',
    technologyCategory: 'web_framework',
    difficultyLevel: 'intermediate',
    estimatedReadingTime: 7,
    likesCount: 2,
    publishedAt: '2025-03-04T01:00:00.000Z',
    ...overrides,
  };
}

export const listItems = (prefix: string, count: number): TechAnalysisListItem[] =>
  Array.from({ length: count }, (_, i) => makeListItem({ slug: `${prefix}${i + 1}` }));

export function makeAnalysis(overrides: Partial<TechAnalysis> = {}): TechAnalysis {
  return {
    ...makeListItem(overrides),
    seoKeywords: ['Rust', '비동기'],
    qualityScore: 90,
    views: 321,
    introduction: '<p>소개 본문</p>',
    coreConceptsExplanation: '<p>핵심 개념 본문</p>',
    prosAndCons: { pros: ['빠름'], cons: ['어려움'] },
    useCases: ['웹 서버'],
    comparisonWithAlternatives: '<p>Go와 비교</p>',
    gettingStarted: '<p>cargo new</p>',
    tutorialContent: '<p>튜토리얼 본문</p>',
    bestPractices: ['작게 나누기'],
    commonPitfalls: ['블로킹 호출'],
    futureOutlook: '<p>전망 본문</p>',
    conclusion: '<p>결론 본문</p>',
    codeExamples: [],
    externalResources: [],
    ...overrides,
  };
}
