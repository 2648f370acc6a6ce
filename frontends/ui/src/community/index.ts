export { BadgeList } from './BadgeList';
export {
  communityFetch,
  communityWriteHeaders,
  currentUser,
  IDLE_EXPIRY_MS,
  logout,
  refreshIdentity,
  signUp,
  STORAGE_KEY,
  useCurrentUser,
} from './identity';
export { askReaderState, type ReaderState, type ReaderStateAsk } from './reader-state';
export { NICKNAME_COPY, NicknameDialog, type NicknameDialogProps } from './NicknameDialog';
export { type GatedAction, useIdentityGate } from './use-identity-gate';
export { CommentsSection, COMMENTS_COPY } from './comments';
export {
  fetchFollows,
  follow,
  unfollow,
  useFollows,
  type Follow,
  type FollowKind,
  type FollowsState,
} from './follows';
export {
  bookmark,
  fetchBookmarks,
  isBookmarked,
  unbookmark,
  useBookmark,
  type Bookmark,
  type BookmarkKind,
  type BookmarkPage,
  type BookmarkState,
} from './bookmarks';
export {
  BookmarkButton,
  FollowButton,
  OWN_COPY,
  type BookmarkButtonProps,
  type FollowButtonProps,
} from './own';
