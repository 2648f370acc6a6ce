import type { ActivityKind, BookmarkKind, FollowKind, TrustLevel } from '@pulse/contracts';
import { DELETE_ME_CONFIRMATION } from '@pulse/contracts/src/api/community-me';

/** Copy of /me, the reader's own space (Korean, as the reader sees it). */
export const ME = {
  title: '내 공간',
  signedOut: '닉네임을 정하면 내 글, 북마크, 팔로우와 알림을 이곳에서 볼 수 있습니다.',
  choose: '닉네임 정하기',
  level: '등급',
  levels: { new: '새내기', basic: '일반', member: '회원', regular: '단골' } satisfies Record<
    TrustLevel,
    string
  >,
  noBadges: '아직 받은 배지가 없습니다.',
  logout: '로그아웃',
  loggingOut: '로그아웃 중…',
  loading: '불러오는 중…',
  failed: '불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
  more: '더 보기',
  remove: '삭제',
  removeLabel: (name: string) => `${name} 삭제`,
  posts: '내 글',
  activityTabs: [
    { value: 'questions', label: '질문' },
    { value: 'answers', label: '답변' },
    { value: 'comments', label: '댓글' },
  ] satisfies Array<{ value: ActivityKind; label: string }>,
  noPosts: {
    questions: '올린 질문이 없습니다.',
    answers: '단 답변이 없습니다.',
    comments: '단 댓글이 없습니다.',
  },
  bookmarks: '북마크',
  bookmarkTabs: [
    { value: 'all', label: '전체' },
    { value: 'article', label: '기사' },
    { value: 'insight', label: '인사이트' },
    { value: 'techAnalysis', label: '기술 분석' },
    { value: 'question', label: '질문' },
  ] satisfies Array<{ value: BookmarkKind | 'all'; label: string }>,
  noBookmarks: '북마크한 글이 없습니다. 기사와 질문의 북마크 버튼으로 모아 보세요.',
  follows: '팔로우',
  followKinds: { category: '카테고리', tag: '태그', source: '소스', story: '소식' } satisfies Record<
    FollowKind,
    string
  >,
  noFollows: '팔로우한 것이 없습니다. 카테고리, 태그, 소스 페이지의 팔로우 버튼으로 시작해 보세요.',
  notices: '알림',
  noNotices: '알림이 없습니다.',
  markRead: '읽음으로 표시',
  unread: '읽지 않음',
  account: '내 정보 관리',
  exportTitle: '내 정보 내려받기',
  exportText: '닉네임, 배지, 내 글, 북마크, 팔로우와 알림을 JSON 파일로 내려받습니다.',
  exportButton: '내려받기',
  deleteTitle: '닉네임 삭제',
  deleteText:
    '닉네임과 북마크, 팔로우, 알림, 로그인 세션을 지웁니다. 올린 질문, 답변과 댓글은 다른 분들의 답글을 위해 남지만 작성자는 "탈퇴한 사용자"로 바뀌고 이 닉네임과 이어지지 않습니다. 되돌릴 수 없습니다.',
  deleteButton: '닉네임 삭제',
  deleteConfirmTitle: '정말 삭제할까요?',
  deleteConfirmLabel: `확인을 위해 '${DELETE_ME_CONFIRMATION}'를 입력해주세요.`,
  deleteConfirm: '영구 삭제',
  deleting: '삭제 중…',
  cancel: '취소',
  deleted: '닉네임과 내 정보를 삭제했습니다.',
} as const;
