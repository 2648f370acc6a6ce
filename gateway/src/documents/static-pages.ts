import { NOT_FOUND_TITLES, type NotFoundKind } from '@pulse/contracts';

/**
 * Heads of the pages whose content is not one document from a service: the seed's route table
 * (docs/spec-content.md §2, docs/spec-community.md §2). Titles get the site suffix when rendered, and match what the shell sets once it runs
 * (frontends/shell copy.ts), so a crawler that renders scripts sees the same title.
 */
export interface PageText {
  /** Empty: the site's own title (the home page), as the shell's useDocumentTitle does. */
  title: string;
  description: string;
  /** Screens that must not be indexed (administration). Default: 'index, follow' (docs/spec-content.md §1). */
  robots?: string;
}

export const SITE_NAME = '펄스';
export const SITE_TAGLINE = 'AI·블록체인 전문 미디어';
/** The home page's title (and the fallback when a page's own is unknown). */
export const SITE_TITLE = `${SITE_NAME} - ${SITE_TAGLINE}`;
export const SITE_DESCRIPTION =
  '펄스 — 생성형 AI, 블록체인, 빅테크 소식을 한국어로 전하는 AI·블록체인 전문 미디어';

const NO_INDEX = 'noindex, nofollow';

export const STATIC_PAGES: Readonly<Record<string, PageText>> = {
  '/': { title: '', description: SITE_DESCRIPTION },
  '/news': {
    title: '뉴스',
    description:
      '생성형 AI, 블록체인, 글로벌 빅테크의 최신 뉴스를 한국어로 전합니다. 전체 뉴스와 핫 토픽을 확인하세요.',
  },
  '/tech-analysis': {
    title: '기술 분석',
    description:
      'AI/ML, 웹 프레임워크, 클라우드 네이티브, 블록체인 등 기술별 튜토리얼과 코드 예제, 난이도별 기술 분석.',
  },
  '/insights': {
    title: '인사이트',
    description: 'AI와 블록체인, 빅테크 트렌드에 대한 해설과 핵심 인사이트를 전합니다.',
  },
  '/trending': {
    title: '트렌딩',
    description:
      '지금 가장 많이 읽히는 핫 토픽, 인기 기사와 급상승 기사를 24시간, 7일, 30일 기준으로 확인하세요.',
  },
  '/archive': {
    title: '아카이브',
    description: '지난 기사를 카테고리, 기간, 정렬과 검색어로 찾아보세요.',
  },
  '/sources': {
    title: '뉴스 소스',
    description: '펄스가 기사를 수집하는 전 세계 신뢰할 수 있는 뉴스 소스(RSS, API, 스크래핑) 목록입니다.',
  },
  '/search': { title: '검색', description: '펄스의 기사를 검색하세요.' },
  '/about': {
    title: '사이트 소개',
    description:
      '펄스는 신뢰할 수 있는 글로벌 소스의 기술 뉴스를 AI로 번역하고 인기도와 관련성에 따라 큐레이션하는 한국어 미디어입니다.',
  },
  '/privacy': {
    title: '개인정보처리방침',
    description: '펄스가 수집하는 개인정보 항목, 이용 목적, 보유 기간과 이용자의 권리를 안내합니다.',
  },
  '/sitemap': {
    title: '사이트맵',
    description: '펄스의 주요 페이지, 카테고리와 RSS·Atom 피드, 사이트맵 링크를 한눈에 확인하세요.',
  },
  '/community': {
    title: '커뮤니티',
    description: 'AI와 블록체인에 대해 묻고 답하는 펄스 커뮤니티입니다.',
  },
  '/community/qa': {
    title: 'Q&A 커뮤니티',
    description: 'AI와 블록체인, 개발에 관한 질문을 올리고 답변을 나누는 펄스 Q&A 커뮤니티입니다.',
  },
  '/community/qa/ask': {
    title: '질문하기',
    description: '펄스 Q&A 커뮤니티에 새 질문을 등록하세요.',
  },
  '/community/projects': {
    title: '프로젝트',
    description: '커뮤니티 프로젝트 기능은 곧 제공될 예정입니다.',
  },
  '/admin': { title: '관리자', description: '펄스 관리자 화면', robots: NO_INDEX },
  '/admin/translations': {
    title: '보류된 번역 검토',
    description: '펄스 관리자 화면: 검토를 위해 보류된 번역',
    robots: NO_INDEX,
  },
  '/admin/comments': {
    title: '댓글 검토',
    description: '펄스 관리자 화면: 신고되거나 보류된 기사 댓글',
    robots: NO_INDEX,
  },
  '/admin/staff': {
    title: '스태프 계정',
    description: '펄스 관리자 화면: 스태프 계정과 역할, 세션',
    robots: NO_INDEX,
  },
  '/analytics': { title: '통계', description: '펄스 통계 화면', robots: NO_INDEX },
};

export const NOT_FOUND_PAGE: PageText = {
  title: NOT_FOUND_TITLES.page,
  description: '요청하신 페이지가 존재하지 않거나 이동되었습니다.',
  robots: 'noindex, follow',
};

/** A missing page of a kind the front end names itself ('기사를 찾을 수 없습니다'), under the same title. */
export const notFoundPage = (kind: NotFoundKind): PageText => ({
  ...NOT_FOUND_PAGE,
  title: NOT_FOUND_TITLES[kind],
});
