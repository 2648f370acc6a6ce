// The Korean copy of the one article page, /article/{id} in the shell and /news|/analysis|/insights/{id} in the
// news remote (docs/spec-content.md §2 'Article detail', 'Content detail'). The two former copies of the page
// worded some things differently; where they did, the choice is noted next to the string.

export const ARTICLE_PAGE = {
  /** docs/spec-content.md §8 'Article fetch fails' / 'Content detail error'. */
  notFoundTitle: '기사를 찾을 수 없습니다',
  /**
   * §8 'Content detail not found': 'the requested article does not exist or was deleted'. The shell said
   * '…삭제되었을 수 있습니다.'; the spec's sentence is the definite one.
   */
  notFound: '요청하신 기사가 존재하지 않거나 삭제되었습니다',
  /** §8 'Content detail error': 'the requested article could not be loaded'. */
  loadFailed: '요청하신 기사를 불러올 수 없습니다',
  /** An insight its editors withdrew (410): said plainly, with no retry, since it will not come back by retrying. */
  withdrawnTitle: '게시가 중단된 글입니다',
  withdrawn: '편집진이 이 글의 게시를 중단했습니다',
  invalidId: '요청하신 기사의 ID가 유효하지 않습니다',
  /** §2 'Content detail': '돌아가기'; the shell's '홈으로 돌아가기' went to the same place when opened directly. */
  back: '돌아가기',
  retry: '다시 시도',
  loading: '기사를 불러오는 중',
  views: '조회수',
  tags: '태그',
  /** §2, §8: 'AI image generating...' then, when that fails, 'Cannot load image'. */
  generatingImage: 'AI 이미지 생성 중...',
  imageUnavailable: '이미지를 불러올 수 없습니다',
  videos: '관련 영상',
  /** The shell said '{title} 재생'; the action first reads better in a list of buttons. */
  playVideo: (title: string) => `영상 재생: ${title}`,
  /**
   * §2 'Article detail': the label '원문보기' plus 'original source' text. The shell said '원본 출처', the remote
   * '원문 출처' and '원문 보기': one word, the spec's 원문, spelled as the spec spells the link.
   */
  originalSource: '원문 출처',
  /** The link to the story's page, where every source's coverage is on one timeline. */
  storyLink: '이 소식의 전체 흐름',
  storyCounts: (sources: number, articles: number) => `매체 ${sources}곳 · 기사 ${articles}건`,
  viewOriginal: '원문보기',
  author: '작성자',
  /** The button's name stays '좋아요 N' whether pressed or not; aria-pressed says which (WAI-ARIA toggle button). */
  like: '좋아요',
  /**
   * §4: the toast says 'you like this article' or 'like removed' (the shell's wording; the remote had
   * '좋아요!' / '좋아요 취소' titles with these as descriptions).
   */
  liked: '이 기사를 좋아합니다',
  likeRemoved: '좋아요가 취소되었습니다',
  /**
   * §8 says a failed like or share is only logged; docs/design.md §11.8 (optimistic updates) says the rollback is
   * told to the reader, as both former copies did. Kept: logged and said.
   */
  likeFailed: '좋아요를 처리하지 못했습니다',
  shareFailed: '공유를 기록하지 못했습니다',
  tryAgainLater: '잠시 후 다시 시도해주세요',
  shares: (count: string) => `공유 ${count}회`,
  copyLink: '링크 복사',
  linkCopied: '링크가 복사되었습니다',
  copyFailed: '링크를 복사하지 못했습니다',
  related: '관련 기사',
  noRelated: '관련 기사가 없습니다',
  relatedFailed: '관련 기사를 불러오지 못했습니다',
  /** The freshness stamp '원문 공개 후 {N분|N시간|N일} 만에 한국어로': the words before and after the duration. */
  freshness: ['원문 공개 후 ', ' 만에 한국어로'],
  /** The bilingual view's toggle, the table's caption and headers, and the line linking the English source. */
  bilingual: '원문 대조',
  bilingualCaption: '원문 대조: 한국어 문단과 그 문단이 옮긴 영어 원문',
  bilingualKorean: '한국어',
  bilingualEnglish: '영어 원문',
  bilingualSource: '영어 원문 출처:',
  /** §8: related articles on content detail show a 'No Image' placeholder. */
  noImage: 'No Image',
} as const;
