import type { IndexSettings, SearchDocument, SearchResult } from '@pulse/platform/search';

/** The articles every search case queries, the settings they are indexed with, and what cases compare. */

export type Article = SearchDocument & {
  title: string;
  summary: string;
  body: string;
  category: string;
  type: string;
  tags: string[];
  publishedAt: number;
  views: number;
};

export const DAY = 86_400_000;
export const T0 = Date.UTC(2025, 0, 1);

export const SEARCH_CONTRACT_SETTINGS: IndexSettings = {
  searchable: ['title', 'summary', 'body', 'tags'],
  filterable: ['category', 'type', 'tags', 'publishedAt'],
  sortable: ['publishedAt', 'views'],
};

export const article = (id: string, day: number, views: number, fields: Partial<Article>): Article => ({
  id,
  title: '',
  summary: '',
  body: '',
  category: 'ai',
  type: 'news',
  tags: [],
  publishedAt: T0 + day * DAY,
  views,
  ...fields,
});

export const SEARCH_CONTRACT_CORPUS: Article[] = [
  article('bc-future', 1, 120, {
    title: '블록체인 기술의 미래와 과제',
    summary: '분산원장 기술이 금융 인프라를 바꾸고 있다',
    body: '전문가들은 블록체인이 결제와 정산 방식을 근본적으로 바꿀 것이라고 전망했다.',
    category: 'blockchain',
    tags: ['블록체인', '금융'],
  }),
  article('openai-invest', 2, 900, {
    title: 'OpenAI, 마이크로소프트로부터 대규모 투자 유치',
    summary: '생성형 인공지능 경쟁이 한층 가속된다',
    body: '이번 투자로 OpenAI는 연구 인력과 컴퓨팅 자원을 크게 늘릴 계획이다.',
    tags: ['OpenAI', '투자'],
  }),
  article('genai-market', 3, 300, {
    title: '생성형인공지능 시장 급성장',
    summary: '기업 도입이 빠르게 확산되고 있다',
    body: '시장조사업체는 관련 지출이 매년 두 배씩 늘어난다고 밝혔다.',
    type: 'insight',
    tags: ['시장'],
  }),
  article('eth-upgrade', 4, 450, {
    title: 'Ethereum 네트워크 업그레이드 완료',
    summary: '이더리움 수수료가 낮아졌다',
    body: '개발자들은 이번 업그레이드로 처리 속도가 개선되었다고 설명했다.',
    category: 'blockchain',
    tags: ['Ethereum'],
  }),
  article('nvidia-chip', 5, 700, {
    title: '엔비디아, 차세대 AI 칩 공개',
    summary: '데이터센터용 GPU 성능이 두 배로 향상됐다',
    body: '새 칩은 대규모 모델 학습 비용을 낮출 것으로 기대된다.',
    category: 'bigtech',
    tags: ['엔비디아', 'GPU'],
  }),
  article('web-security', 6, 50, {
    title: '<script>alert("x")</script> 보안 & "XSS" 점검',
    summary: '웹 서비스 취약점 분석',
    body: '입력값 검증이 빠진 페이지가 여전히 많다.',
    category: 'bigtech',
    type: 'analysis',
  }),
  article('crypto-policy', 7, 200, {
    title: '규제 당국의 가상자산 정책 변화',
    summary: '투자자 보호 규칙이 강화된다',
    body:
      '가상자산 시장은 올해 큰 변화를 겪었다. 각국 규제 당국은 투자자 보호를 위한 새로운 규칙을 내놓았고, ' +
      '거래소들은 상장 기준을 강화했다. 특히 스테이블코인은 결제 수단으로 주목받으며 은행권의 관심을 끌었다. ' +
      '전문가들은 내년에도 규제 논의가 이어질 것으로 본다.',
    category: 'blockchain',
    type: 'analysis',
  }),
];

/** The ids of the hits, in order: what most cases compare. */
export const ids = (result: SearchResult) => result.hits.map((hit) => hit.id);
export const byId = (id: string) => SEARCH_CONTRACT_CORPUS.find((doc) => doc.id === id)!;
