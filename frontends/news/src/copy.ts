// Every Korean string the news remote shows, in one place so tests (and later the e2e suite) use the same
// text. docs/spec-content.md §2, §4, §8 give the English meaning; the Korean wording is the product copy.
export const COPY = {
  sections: { news: '뉴스', insights: '인사이트', analysis: '분석' },
  list: {
    newsTitle: '뉴스',
    newsIntro: 'AI와 블록체인, 빅테크의 최신 소식을 한국어로 전합니다.',
    tabAll: '전체 뉴스',
    tabHot: '핫 토픽',
    tabsLabel: '뉴스 목록 보기',
    insightsTitle: '인사이트',
    insightsIntro: '기술 트렌드에 대한 해설과 전망입니다.',
    loading: '불러오는 중...',
    loadingMore: '더 불러오는 중...',
    endNews: '모든 뉴스를 확인했습니다',
    endHot: '모든 핫 토픽을 확인했습니다',
    endInsights: '모든 인사이트를 확인했습니다',
    emptyNews: '아직 게시된 뉴스가 없습니다.',
    emptyHot: '지금은 핫 토픽이 없습니다.',
    emptyInsights: '아직 게시된 인사이트가 없습니다.',
    error: '목록을 불러오지 못했습니다.',
    retry: '다시 시도',
    featured: '주요 인사이트',
    keyInsights: '핵심 인사이트',
    hot: 'HOT',
    views: '조회',
    likes: '좋아요',
    shares: '공유',
  },
  // The article page's own copy is frontends/ui/src/article/copy.ts, shared with the shell's /article page; here only
  // what content detail adds: the type label and the tech-metadata and key-insights boxes.
  detail: {
    typeLabels: { news: '뉴스', insight: '인사이트', analysis: '분석' },
    techMeta: '기술 정보',
    difficulty: '난이도',
    estimatedTime: '예상 소요 시간',
    minutes: (n: number) => `${n}분`,
    techStack: '기술 스택',
    techStackCount: (n: number) => `${n}개`,
    github: 'GitHub 저장소',
    keyInsights: '핵심 인사이트',
  },
} as const;
