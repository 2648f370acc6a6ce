// Every Korean string the shell shows, in one place so the end-to-end tests can import what they look for.
// Strings the seed gives in English (docs/spec-content.md §2, §4, §5, §8) are rendered here in Korean; comments quote them.

export const SITE = {
  name: '펄스',
  /** docs/spec-content.md §1: 'AI and blockchain specialist media'. */
  tagline: 'AI·블록체인 전문 미디어',
  blurb:
    '펄스는 전 세계 신뢰할 수 있는 출처의 생성형 AI, 블록체인, 빅테크 소식을 AI로 번역·재구성해 한국어로 전합니다.',
  copyright: (year: number) => `© ${year} 펄스. All rights reserved.`,
} as const;

export const NAV = {
  label: '주요 메뉴',
  news: '뉴스',
  insights: '인사이트',
  techAnalysis: '기술 분석',
  trending: '트렌딩',
  community: '커뮤니티',
  openMenu: '메뉴 열기',
  closeMenu: '메뉴 닫기',
  skipToContent: '본문으로 건너뛰기',
  me: '내 공간',
} as const;

/** The header's theme toggle: its name says the theme now and what a press does (시스템 → 라이트 → 다크). */
export const THEME = {
  /** Before the page has read the reader's choice (the server's render, hydration). */
  toggle: '화면 테마 바꾸기',
  choice: {
    system: '화면 테마: 시스템 설정. 누르면 라이트 테마로 바뀝니다',
    light: '화면 테마: 라이트. 누르면 다크 테마로 바뀝니다',
    dark: '화면 테마: 다크. 누르면 시스템 설정을 따릅니다',
  },
  /** Shown beside the icon in the mobile menu. */
  short: { system: '시스템', light: '라이트', dark: '다크' },
} as const;

export const SEARCH = {
  label: '기사 검색',
  placeholder: '검색어를 입력하세요',
  submit: '검색',
} as const;

export const FOOTER = {
  social: '소셜 미디어',
  sections: '섹션',
  categories: '카테고리',
  info: '정보',
  about: '사이트 소개',
  privacy: '개인정보처리방침',
  sitemap: '사이트맵',
  contact: '문의하기',
  rss: 'RSS 피드',
  newsletter: '뉴스레터',
  newTab: '(새 창)',
} as const;

export const NEWSLETTER = {
  title: '뉴스레터 구독',
  description: '매주 주요 AI·블록체인 소식을 이메일로 받아보세요.',
  emailLabel: '이메일 주소',
  placeholder: 'you@example.com',
  submit: '구독하기',
  /** docs/spec-content.md §4: 'processing...'. */
  processing: '처리 중...',
  /** docs/spec-content.md §5, §8: 'invalid email' / 'please enter a valid email address'. */
  invalidTitle: '잘못된 이메일',
  invalidDescription: '올바른 이메일 주소를 입력해주세요',
  /** docs/spec-content.md §8: 'subscription failed' / 'an error occurred while subscribing to the newsletter, please try again'. */
  failedTitle: '구독 실패',
  failedDescription: '뉴스레터 구독 중 오류가 발생했습니다. 다시 시도해주세요',
  /**
   * Deliberately not the seed's 'subscription complete!' (docs/spec-content.md §8): with double opt-in nothing is
   * complete until the reader confirms from the mail, so the toast says what happened (docs/services.md 'The newsletter').
   */
  successTitle: '확인 메일을 보냈습니다',
  successDescription: '메일함에서 확인 링크를 눌러야 구독이 완료됩니다',
} as const;

export const TOASTER = {
  region: '알림',
  dismiss: '알림 닫기',
} as const;

export const COMMON = {
  loading: '불러오는 중...',
  retry: '다시 시도',
  home: '홈',
  backHome: '홈으로 돌아가기',
  loadError: '데이터를 불러오지 못했습니다',
} as const;

export const HOME = {
  heroTitle: 'AI와 블록체인, 빅테크의 흐름을 가장 빠르게',
  heroText: '전 세계 기술 뉴스를 AI가 번역하고 정리해 한국어로 전합니다. 15분마다 새 소식이 올라옵니다.',
  toTrending: '트렌딩 보기',
  toNews: '최신 뉴스 보기',
  latestTitle: '최신 뉴스',
  moreNews: '뉴스 더 보기',
  hotTitle: '핫 토픽',
  latestError: '최신 뉴스를 불러오지 못했습니다',
  latestEmpty: '아직 게시된 뉴스가 없습니다',
  hotError: '핫 토픽을 불러오지 못했습니다',
  hotEmpty: '지금은 핫 토픽이 없습니다',
  bannerTitle: '놓치면 아쉬운 기술 소식, 메일로 받아보세요',
} as const;

// The home page's tabs; the feed's own copy is in its lazy chunk (pages/home/my-feed/copy.ts).
export const HOME_TABS = {
  label: '홈 피드',
  all: '전체',
  mine: '내 피드',
} as const;

// The article page's own copy is frontends/ui/src/article/copy.ts, shared with the news remote's content detail.
export const ARTICLE = {
  breadcrumb: '이동 경로',
} as const;

export const CATEGORY = {
  /** Heads the list for screen readers, so the cards' titles (h3) come under an h2. */
  articlesHeading: '기사 목록',
  /** docs/spec-content.md §8: 'Category not found'. */
  notFound: '카테고리를 찾을 수 없습니다',
  notFoundExplanation: '요청하신 카테고리가 없습니다. 아래 카테고리 중에서 선택해주세요.',
  sortLabel: '정렬',
  filterLabel: '필터',
  reset: '초기화',
  sorts: { latest: '최신순', popular: '인기순', views: '조회순', oldest: '오래된순' },
  filters: { all: '전체', today: '오늘', week: '이번 주', month: '이번 달', 'with-image': '이미지 있음' },
  empty: '조건에 맞는 기사가 없습니다',
  error: '기사를 불러오지 못했습니다',
  rss: 'RSS 구독',
  sidebar: '카테고리 정보',
  totalArticles: '전체 기사',
  todayArticles: '오늘 새 기사',
  popularTags: '인기 태그',
  sources: '뉴스 소스',
  sidebarError: '사이드바 정보를 불러오지 못했습니다',
} as const;

export const ARCHIVE = {
  title: '아카이브',
  description: '지난 기사를 카테고리, 기간, 검색어로 찾아보세요.',
  categoryLabel: '카테고리',
  sortLabel: '정렬',
  timeframeLabel: '기간',
  queryLabel: '검색어',
  apply: '적용',
  categories: { all: '전체', 'gen-ai': '생성형 AI', blockchain: '블록체인', nft: 'NFT', web3: 'Web3' },
  sorts: { latest: '최신순', popular: '인기순', views: '조회순' },
  timeframes: { all: '전체 기간', today: '오늘', week: '최근 7일', month: '최근 30일', year: '최근 1년' },
  empty: '조건에 맞는 기사가 없습니다',
  error: '아카이브를 불러오지 못했습니다',
} as const;

export const SEARCH_PAGE = {
  title: (query: string) => `'${query}' 검색 결과`,
  tagTitle: (tag: string) => `#${tag} 태그 기사`,
  total: (count: number) => `총 ${count.toLocaleString('ko-KR')}건`,
  /** docs/spec-content.md §8: 'Error loading search results. Try again later.' */
  error: '검색 결과를 불러오는 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  empty: '검색 결과가 없습니다',
  emptyHint: '다른 검색어로 다시 시도해보세요.',
  /** The query typed in the other 한/영 keyboard mode, and what was searched instead. */
  searchedAs: (typed: string, searched: string) => `'${typed}' 대신 '${searched}'(으)로 검색한 결과입니다.`,
  techAnalysis: '기술분석',
  partial: '일부 검색어만 일치하는 결과',
  partialHint: '모든 검색어를 포함한 기사가 없어, 더 많은 검색어가 일치하는 기사부터 보여드립니다.',
} as const;

export const SOURCES = {
  title: '뉴스 소스',
  description: '펄스가 15분마다 기사를 수집하는 전 세계의 신뢰할 수 있는 출처입니다.',
  types: { rss: 'RSS', api: 'API', scrape: '스크래핑' },
  articleCount: (count: number) => `기사 ${count.toLocaleString('ko-KR')}건`,
  /** docs/spec-content.md §8: 'Data loading error'. */
  error: '데이터 로딩 오류',
  /** docs/spec-content.md §8: 'no registered sources'. */
  empty: '등록된 소스가 없습니다',
  featured: '주요 소스',
  live: '실시간 수집 중',
  lastChecked: (time: string) => `마지막 확인 ${time}`,
  pause: '일시정지',
  play: '재생',
  newTab: '(새 창)',
  /** The server's median over the last 7 days of (Korean publication − the source's publication). */
  medianToKorean: ['지난 7일 중앙값: 원문 공개 후 ', ' 만에 한국어로'],
  /** How often ingestion polls the source now (its adaptive interval, as last announced). */
  pollInterval: ['약 ', '마다 확인'],
  /** While a WebSub hub pushes the source's new stories to us. */
  websubSubscribed: '실시간 알림(WebSub) 구독 중',
} as const;

export const REMOTE = {
  /** Shown in place of a remote (news, trending, …) that could not be loaded; the rest of the site works. */
  fallbackTitle: '이 영역을 불러오지 못했습니다',
  fallbackText:
    '일시적인 문제일 수 있습니다. 잠시 후 다시 시도해 주세요. 다른 메뉴는 그대로 이용하실 수 있습니다.',
  retry: '다시 시도',
  loading: '불러오는 중…',
} as const;

export const PAGINATION = {
  label: '페이지 이동',
  previous: '이전',
  next: '다음',
  page: (n: number) => `${n} 페이지`,
} as const;
