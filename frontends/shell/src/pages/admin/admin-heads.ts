import type { PageHead } from '@pulse/frontend-ui';

/** Admin screens are for staff only: never indexed. */
const NOT_INDEXED = 'noindex, nofollow';

/**
 * The heads of the admin screens added after the first ones (usePageHead); the shell's server render draws
 * their documents' heads from them. Kept here, in the admin chunks, rather than in page-heads.ts, which is
 * in the main bundle every reader loads.
 */
export const ADMIN_HEADS = {
  sources: {
    title: '뉴스 소스 관리',
    description: '펄스 관리자 화면: 뉴스 소스와 수집 상태',
    canonical: '/admin/sources',
    robots: NOT_INDEXED,
  },
  authoring: {
    title: '글쓰기',
    description: '펄스 관리자 화면: 인사이트와 기술 분석 작성, 게시, 게시 중단',
    canonical: '/admin/authoring',
    robots: NOT_INDEXED,
  },
  newsletter: {
    title: '뉴스레터 관리',
    description: '펄스 관리자 화면: 뉴스레터 미리 보기와 발송',
    canonical: '/admin/newsletter',
    robots: NOT_INDEXED,
  },
  synonyms: {
    title: '검색 동의어',
    description: '펄스 관리자 화면: 검색 동의어 묶음',
    canonical: '/admin/synonyms',
    robots: NOT_INDEXED,
  },
  nicknames: {
    title: '닉네임 관리',
    description: '펄스 관리자 화면: 닉네임 전문가 배지, 정지와 이력',
    canonical: '/admin/nicknames',
    robots: NOT_INDEXED,
  },
  staff: {
    title: '스태프 계정',
    description: '펄스 관리자 화면: 스태프 계정과 역할, 세션',
    canonical: '/admin/staff',
    robots: NOT_INDEXED,
  },
  audit: {
    title: '감사 기록',
    description: '펄스 관리자 화면: 스태프가 한 작업의 기록',
    canonical: '/admin/audit',
    robots: NOT_INDEXED,
  },
  contact: {
    title: '독자 문의',
    description: '펄스 관리자 화면: 독자가 문의하기로 보낸 글',
    canonical: '/admin/contact',
    robots: NOT_INDEXED,
  },
} as const satisfies Record<string, PageHead>;
