import type { DifficultyLevel, RevisionAction, TechnologyCategory } from '@pulse/contracts';

// Written out rather than imported: a value from the contracts' modules brings their zod schemas along.

export type AuthoringKind = 'insight' | 'analysis';
export type ItemState = 'draft' | 'published' | 'withdrawn';

export const KIND_API: Readonly<Record<AuthoringKind, string>> = {
  insight: '/api/content/admin/insights',
  analysis: '/api/content/admin/tech-analyses',
};
export const itemApi = (kind: AuthoringKind, id: string) => `${KIND_API[kind]}/${encodeURIComponent(id)}`;

export const KIND_LABELS: Readonly<Record<AuthoringKind, string>> = {
  insight: '인사이트',
  analysis: '기술 분석',
};

export const STATE_LABELS: Readonly<Record<ItemState, string>> = {
  draft: '초안',
  published: '게시됨',
  withdrawn: '게시 중단',
};

export const REVISION_LABELS: Readonly<Record<RevisionAction, string>> = {
  create: '작성',
  draft: 'AI 초안',
  update: '수정',
  publish: '게시',
  withdraw: '게시 중단',
};

/** The API's field names as the history lists them. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: '제목',
  summary: '요약',
  content: '본문',
  primaryCategory: '카테고리',
  secondaryCategory: '보조 카테고리',
  tags: '태그',
  imageUrl: '이미지',
  keyInsights: '핵심 인사이트',
  relatedIndustries: '관련 산업',
  youtubeVideoIds: '영상',
  originalSources: '원문 출처',
  slug: '주소',
  technologyName: '기술 이름',
  technologyCategory: '기술 분류',
  difficultyLevel: '난이도',
  executiveSummary: '요약',
  seoKeywords: '검색 키워드',
  qualityScore: '품질 점수',
  estimatedReadingTime: '읽는 시간',
  introduction: '소개',
  coreConceptsExplanation: '핵심 개념',
  prosAndCons: '장단점',
  useCases: '활용 사례',
  comparisonWithAlternatives: '대안 비교',
  gettingStarted: '시작하기',
  tutorialContent: '튜토리얼',
  bestPractices: '모범 사례',
  commonPitfalls: '흔한 실수',
  futureOutlook: '향후 전망',
  conclusion: '결론',
  codeExamples: '코드 예제',
  externalResources: '참고 자료',
  relatedAnalysisIds: '관련 분석',
  state: '상태',
};

export const TECHNOLOGY_CATEGORY_LABELS: Readonly<Record<TechnologyCategory, string>> = {
  ai_ml: 'AI/ML',
  web_framework: '웹 프레임워크',
  cloud_native: '클라우드 네이티브',
  blockchain: '블록체인',
  data_engineering: '데이터 엔지니어링',
  devops: 'DevOps',
  mobile: '모바일',
  security: '보안',
};

export const DIFFICULTY_NAMES: Readonly<Record<DifficultyLevel, string>> = {
  beginner: '초급',
  intermediate: '중급',
  advanced: '고급',
};

/** Where readers find a published item. */
export const readerPath = (kind: AuthoringKind, item: { id: string; slug?: string }) =>
  kind === 'insight'
    ? `/insights/${encodeURIComponent(item.id)}`
    : `/tech-analysis/${encodeURIComponent(item.slug ?? item.id)}`;

/** Bounds the server checks too; the screen says them before sending. */
export const WITHDRAW_REASON = { min: 5, max: 300 } as const;
