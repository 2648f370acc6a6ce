// The calls of the article page (docs/spec-content.md §7).
const segment = encodeURIComponent;
export const articlePath = (id: string) => `/api/articles/${segment(id)}`;
export const relatedPath = (id: string) => `/api/articles/related/${segment(id)}`;
export const viewPath = (id: string) => `/api/articles/${segment(id)}/view`;
export const sharePath = (id: string) => `/api/articles/${segment(id)}/share`;
export const generateImagePath = (id: string) => `/api/articles/${segment(id)}/generate-image`;
/** A story's timeline (GET /api/stories/{id}), and its page on the site. */
export const storyPath = (id: string) => `/api/stories/${segment(id)}`;
export const storyPagePath = (id: string) => `/story/${segment(id)}`;
export const likeStatusPath = (id: string) => `/api/interactions/status/${segment(id)}`;
export const LIKE_PATH = '/api/interactions/like';
export const UNLIKE_PATH = '/api/interactions/unlike';

/**
 * The content service's id rule (libs/contracts idParamSchema), checked here without zod so a malformed
 * id shows the 'invalid id' message instead of a request.
 */
export const isValidArticleId = (id: string | undefined): id is string =>
  typeof id === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(id);
