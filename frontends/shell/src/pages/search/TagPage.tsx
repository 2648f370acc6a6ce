import { MovedTo } from '@pulse/frontend-ui';
import { useParams } from 'react-router';

/**
 * /tags/{slug} (the content detail pages' tag links, docs/spec-content.md §2) is the search page for that tag. The
 * slug is passed as the tag; the content service matches a tag by name or slug.
 */
export default function TagPage() {
  const { slug = '' } = useParams();
  return <MovedTo to={slug ? `/search?tag=${encodeURIComponent(slug)}` : '/'} />;
}
