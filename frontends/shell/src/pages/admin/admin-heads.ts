import type { PageHead } from '@pulse/frontend-ui';

/**
 * The heads of the admin screens added after the first ones (usePageHead), the same strings as the gateway's
 * documents (gateway/src/documents/static-pages.ts). Kept here, in the admin chunks, rather than in
 * page-heads.ts, which is in the main bundle every reader loads.
 */
export const ADMIN_HEADS = {
  sources: {
    title: '뉴스 소스 관리',
    description: '펄스 관리자 화면: 뉴스 소스와 수집 상태',
    canonical: '/admin/sources',
  },
  newsletter: {
    title: '뉴스레터 관리',
    description: '펄스 관리자 화면: 뉴스레터 미리 보기와 발송',
    canonical: '/admin/newsletter',
  },
  synonyms: {
    title: '검색 동의어',
    description: '펄스 관리자 화면: 검색 동의어 묶음',
    canonical: '/admin/synonyms',
  },
  nicknames: {
    title: '닉네임 관리',
    description: '펄스 관리자 화면: 닉네임 전문가 배지, 정지와 이력',
    canonical: '/admin/nicknames',
  },
} as const satisfies Record<string, PageHead>;
