// The parsing stage (fetch → parse → canonicalise): documents in every supported format to FeedItems.
export { parseFeed, type ParseFeedInput } from './parse-feed';
export { extractArticle, type ExtractedArticle } from './article-extractor';
export { detectFormat, type FeedFormat } from './detect-format';
export { PARSE_LIMITS } from './normalise';
export { HN_ITEM_URL } from './hacker-news.parser';
export { toIsoUtc } from './dates';
export { extractYoutubeIds } from './youtube';
