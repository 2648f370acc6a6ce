import { SITE_DESCRIPTION, type PageHead } from '@pulse/frontend-ui';

// The heads of the shell's own pages (usePageHead): the same strings as the document the server sends for
// the same path, so the tab reads the same after a reload as after client-side navigation.

/** Administration screens are not indexed. */
const NOT_INDEXED = 'noindex, nofollow';

export const PAGE_HEADS = {
  home: { title: '', description: SITE_DESCRIPTION, canonical: '/' },
  archive: {
    title: '아카이브',
    description: '지난 기사를 카테고리, 기간, 정렬과 검색어로 찾아보세요.',
    canonical: '/archive',
  },
  sources: {
    title: '뉴스 소스',
    description: '펄스가 기사를 수집하는 전 세계 신뢰할 수 있는 뉴스 소스(RSS, API, 스크래핑) 목록입니다.',
    canonical: '/sources',
  },
  about: {
    title: '사이트 소개',
    description:
      '펄스는 신뢰할 수 있는 글로벌 소스의 기술 뉴스를 AI로 번역하고 인기도와 관련성에 따라 큐레이션하는 한국어 미디어입니다.',
    canonical: '/about',
  },
  privacy: {
    title: '개인정보처리방침',
    description: '펄스가 수집하는 개인정보 항목, 이용 목적, 보유 기간과 이용자의 권리를 안내합니다.',
    canonical: '/privacy',
  },
  contact: {
    title: '문의하기',
    description: '기사 정정 요청, 제보, 제휴와 개인정보 문의를 펄스 편집진에게 보내는 곳입니다.',
    canonical: '/contact',
  },
  sitemap: {
    title: '사이트맵',
    description: '펄스의 주요 페이지, 카테고리와 RSS·Atom 피드, 사이트맵 링크를 한눈에 확인하세요.',
    canonical: '/sitemap',
  },
  admin: { title: '관리자', description: '펄스 관리자 화면', canonical: '/admin', robots: NOT_INDEXED },
  heldTranslations: {
    title: '보류된 번역 검토',
    description: '펄스 관리자 화면: 검토를 위해 보류된 번역',
    canonical: '/admin/translations',
    robots: NOT_INDEXED,
  },
  commentModeration: {
    title: '댓글 검토',
    description: '펄스 관리자 화면: 신고되거나 보류된 기사 댓글',
    canonical: '/admin/comments',
    robots: NOT_INDEXED,
  },
  analytics: { title: '통계', description: '펄스 통계 화면', canonical: '/analytics', robots: NOT_INDEXED },
  me: {
    title: '내 공간',
    description: '내 글, 북마크, 팔로우와 알림을 모아 보는 나만의 공간입니다.',
    canonical: '/me',
    robots: NOT_INDEXED,
    perReader: true,
  },
} as const satisfies Record<string, PageHead>;

/** A search's head: by its words or its tag, as the server's. */
export function searchHead(query: { q: string; tag: string }): PageHead {
  const label = query.q ? `'${query.q}'` : `#${query.tag}`;
  const search = new URLSearchParams(query.q ? { q: query.q } : { tag: query.tag });
  return {
    title: `${label} 검색 결과`,
    description: `${label}에 대한 펄스 기사 검색 결과입니다.`,
    canonical: `/search?${search}`,
  };
}
