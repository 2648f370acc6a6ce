// Presentational pieces and client helpers shared by the shell and the remotes. Imported as source and
// compiled into each bundle (not a federation shared module): see frontends/README.md. Styles for these
// class names live in the shell's stylesheet, which every remote renders inside.
export * from './api';
export * from './article';
export { ArticleCard, ArticleStats, type ArticleCardData } from './ArticleCard';
export { ArticleImage, DefaultImage } from './ArticleImage';
export * from './icons';
export { CATEGORY_NAMES, HOT_SCORE_THRESHOLD, categoryName, isHot } from './categories';
export { EmptyState } from './EmptyState';
export { EndSentinel, SENTINEL_THRESHOLD } from './EndSentinel';
export { ErrorState } from './ErrorState';
export * from './head';
export { formatCount, formatDate, formatShortDate, isoDate, truncate } from './format';
export { formatDateTime, formatPostedTime } from './posted-time';
export { PostedTime } from './PostedTime';
export { NOT_FOUND_HEAD, NotFound } from './NotFound';
export { Page } from './Page';
export { Placeholder } from './Placeholder';
export {
  openSharePopup,
  SHARE_POPUP_SIZE,
  ShareButtons,
  sharePopupFeatures,
  shareUrl,
  SOCIAL_PLATFORM_LABELS,
  type SocialPlatform,
} from './ShareButtons';
export { ArticleCardSkeleton, Skeleton } from './Skeleton';
export { Spinner } from './Spinner';
export { tabId, type TabItem, Tabs } from './Tabs';
export { WhenVisible, WHEN_VISIBLE_MARGIN } from './WhenVisible';
export { useNavigateTo } from './use-navigate-to';
export { onToast, toast, TOAST_EVENT, type ToastOptions, type ToastVariant } from './toast';
export * from './community';
export * from './assistant';
export * from './story-questions';
