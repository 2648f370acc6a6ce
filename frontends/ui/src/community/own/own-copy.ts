/** Copy of the follow and bookmark buttons (Korean, as the reader sees it). */
export const OWN_COPY = {
  follow: '팔로우',
  following: '팔로잉',
  followLabel: (name: string) => `팔로우: ${name}`,
  bookmark: '북마크',
  bookmarked: '북마크됨',
  bookmarkLabel: (title: string) => `북마크: ${title}`,
  failed: '요청을 처리하지 못했습니다',
} as const;
