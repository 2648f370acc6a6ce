/** Copy of the /sitemap page, in its own chunk: no other page downloads it. */
export const SITEMAP = {
  title: '사이트맵',
  main: '주요 페이지',
  pages: [
    { to: '/', label: '홈' },
    { to: '/search', label: '검색' },
    { to: '/archive', label: '아카이브' },
    { to: '/sources', label: '뉴스 소스' },
    { to: '/about', label: '사이트 소개' },
    { to: '/privacy', label: '개인정보처리방침' },
  ],
  sections: '섹션',
  categories: '카테고리',
  categoryFeed: 'RSS',
  feeds: '피드',
  feedLinks: [
    { href: '/rss.xml', label: 'RSS 피드 (/rss.xml)' },
    { href: '/atom.xml', label: 'Atom 피드 (/atom.xml)' },
    { href: '/sitemap.xml', label: 'XML 사이트맵 (/sitemap.xml)' },
  ],
  contact: '문의',
  /** The contact page: the editors' address (when the site has one) and a form that reaches them. */
  contactLinks: [{ to: '/contact', label: '문의하기' }],
  seoTitle: '검색 엔진 최적화',
  seoText:
    '모든 기사 페이지는 제목, 요약, 대표 이미지, 구조화 데이터(JSON-LD)를 서버에서 미리 담아 보내므로 검색 엔진과 링크 미리보기가 자바스크립트 없이도 내용을 읽을 수 있습니다.',
  updateTitle: '업데이트 주기',
  updateText:
    '기사는 15분마다 수집되고 번역되며, XML 사이트맵과 RSS·Atom 피드는 새 기사가 게시될 때마다 갱신됩니다.',
} as const;
