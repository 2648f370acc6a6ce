// The heads of the news remote's lists (usePageHead): the same strings as the document the server sends
// for the same path, so the tab reads the same after a reload as after client-side navigation. An
// article names its own (frontends/ui ArticleDetailPage).
export const PAGE_HEADS = {
  news: {
    title: '뉴스',
    description:
      '생성형 AI, 블록체인, 글로벌 빅테크의 최신 뉴스를 한국어로 전합니다. 전체 뉴스와 핫 토픽을 확인하세요.',
    canonical: '/news',
  },
  insights: {
    title: '인사이트',
    description: 'AI와 블록체인, 빅테크 트렌드에 대한 해설과 핵심 인사이트를 전합니다.',
    canonical: '/insights',
  },
} as const;
