// '내 피드': what the reader follows, ranked by trending score and freshness. Kept in the feed's lazy chunk,
// so the home page's first load carries none of it.
export const MY_FEED = {
  signedOutTitle: '닉네임을 정하면 내 피드를 볼 수 있습니다',
  signedOutText:
    '관심 있는 카테고리와 출처, 태그를 팔로우하면 그 소식만 모아 트렌딩 점수와 최신순으로 보여드립니다.',
  chooseNickname: '닉네임 정하기',
  error: '내 피드를 불러오지 못했습니다',
  emptyTitle: '아직 팔로우한 항목이 없습니다',
  emptyText:
    '아래에서 관심 있는 카테고리나 출처, 태그를 팔로우해 보세요. 팔로우하면 바로 이곳에 소식이 모입니다.',
  categoriesTitle: '카테고리',
  sourcesTitle: '인기 출처',
  tagsTitle: '인기 태그',
  followingTitle: '팔로우 중',
  nothingYetTitle: '팔로우한 항목의 새 소식이 아직 없습니다',
  nothingYetText: '최근 기사 가운데 맞는 것이 없습니다. 다른 카테고리나 출처도 팔로우해 보세요.',
  following: (count: number) => `팔로우 ${count}개의 소식을 트렌딩 점수와 최신순으로 모았습니다.`,
} as const;
