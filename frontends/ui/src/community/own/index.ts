export { BookmarkButton, type BookmarkButtonProps } from './BookmarkButton';
export { FollowButton, type FollowButtonProps } from './FollowButton';
export { OWN_COPY } from './own-copy';
