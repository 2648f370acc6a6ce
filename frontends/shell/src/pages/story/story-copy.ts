// The Korean copy of /story/{id}: every source's coverage of one story on a timeline.
export const STORY_PAGE = {
  /** The tab's title: the story's title, then what the page is. */
  headTitle: (title: string) => `${title} - 전체 흐름`,
  description: (title: string, sources: number, articles: number) =>
    `‘${title}’ 소식을 매체 ${sources}곳, 기사 ${articles}건으로 최신순으로 정리했습니다.`,
  kicker: '이 소식의 전체 흐름',
  counts: (sources: number, articles: number) => `매체 ${sources}곳 · 기사 ${articles}건`,
  firstSeen: '처음 보도',
  timeline: '보도 타임라인 (최신순)',
  unnamedSource: '출처 미상',
  original: '원문 보기',
  /** Before the source's own headline, in its language. */
  sourceHeadline: '원문 제목:',
  /** After the link text, for screen readers: which source's original it opens (in a new tab). */
  originalOf: (source: string) => `: ${source}, 새 탭에서 열림`,
  loading: '소식을 불러오는 중',
  notFoundTitle: '소식을 찾을 수 없습니다',
  notFound: '이 소식을 찾을 수 없습니다. 기사가 내려갔거나 주소가 잘못되었을 수 있습니다.',
  invalidId: '소식 주소가 올바르지 않습니다.',
  loadFailed: '소식을 불러오지 못했습니다.',
  toNews: '뉴스 목록으로',
} as const;
