export { CommentsSection } from './CommentsSection';
export { COMMENTS_COPY } from './copy';
