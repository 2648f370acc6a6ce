import type { Article, TechAnalysisDetailResponse } from '@pulse/contracts';

/** A full article as the content service sends it, with text that must be escaped to stay text. */
export function sampleArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 'a1b2c3',
    type: 'news',
    title: '오픈AI, "GPT" 신모델 공개 <script>alert(1)</script> & 가격 인하',
    summary:
      '오픈AI가 새 모델을 공개했다. 추론 성능이 크게 향상됐고 API 가격은 절반으로 내려갔다. 개발자들은 긴 문맥 처리와 도구 호출의 안정성이 좋아졌다고 평가한다. 국내 스타트업들도 도입을 서두르고 있으며, 업계는 경쟁사들의 대응에 주목하고 있다. 한편 규제 당국은 안전성 평가 결과를 요구했다.',
    content:
      '<p>오픈AI가 <strong>새 모델</strong>을 발표했다.</p><script>steal()</script><p onclick="x()">벤치마크 결과 본문 문단.</p>',
    imageUrl: 'https://images.example.com/gpt.jpg',
    publishedAt: '2024-05-01T00:30:00.000Z',
    updatedAt: '2024-05-02T09:00:00.000Z',
    primaryCategory: 'gen-ai',
    secondaryCategory: null,
    category: 'gen-ai',
    tags: [
      { id: 't1', name: '오픈AI', slug: 'openai' },
      { id: 't2', name: 'LLM', slug: 'llm' },
    ],
    youtubeVideos: [],
    originalArticle: {
      sourceUrl: 'https://news.example.com/openai-model',
      title: 'OpenAI ships',
      author: 'Jane Doe',
    },
    originalSources: [],
    likesCount: 3,
    sharesCount: 1,
    views: 120,
    hotScore: 40,
    viewsPerHour: 5,
    isHotTopic: false,
    snsShareCount: 0,
    techMeta: null,
    insightMeta: null,
    freshness: { sourcePublishedAt: null, collectedAt: null, koreanPublishedAt: null },
    bilingual: null,
    storyId: null,
    translationStatus: 'translated',
    ...overrides,
  };
}

export function sampleTechAnalysis(): TechAnalysisDetailResponse {
  return {
    analysis: {
      id: 'ta1',
      slug: '리액트-서버-컴포넌트',
      title: '리액트 서버 컴포넌트 완전 정복',
      executiveSummary: '서버 컴포넌트의 동작 원리와 도입 전략을 정리합니다.',
      technologyName: 'React',
      technologyCategory: 'web_framework',
      difficultyLevel: 'advanced',
      estimatedReadingTime: 12,
      likesCount: 4,
      publishedAt: '2024-04-10T03:00:00.000Z',
      seoKeywords: ['React', 'RSC', '서버 컴포넌트'],
      qualityScore: 90,
      views: 10,
      introduction: '서버 컴포넌트는 서버에서만 렌더링됩니다.\n\n번들 크기를 줄입니다.',
      coreConceptsExplanation: '',
      prosAndCons: { pros: [], cons: [] },
      useCases: [],
      comparisonWithAlternatives: '',
      gettingStarted: '',
      tutorialContent: '',
      bestPractices: [],
      commonPitfalls: [],
      futureOutlook: '',
      conclusion: '점진적으로 도입하세요.',
      codeExamples: [],
      externalResources: [],
    },
    relatedAnalyses: [],
  };
}
