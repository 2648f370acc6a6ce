// The one article page of /article/{id} (shell) and /news|/analysis|/insights/{id} (news remote).
export { ArticleBody } from './ArticleBody';
export { ArticleDetailPage, type ArticleRouteOptions } from './ArticleDetailPage';
export { ArticleSkeleton } from './ArticleStates';
export { ARTICLE_PAGE } from './copy';
export { formatDelay } from './freshness';
export { isValidArticleId, storyPagePath, storyPath } from './paths';
export { sendViewOncePerSession } from './view-count';
