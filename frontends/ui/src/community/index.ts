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
export { NICKNAME_COPY, NicknameDialog, type NicknameDialogProps } from './NicknameDialog';
export { type GatedAction, useIdentityGate } from './use-identity-gate';
export { CommentsSection, COMMENTS_COPY } from './comments';
