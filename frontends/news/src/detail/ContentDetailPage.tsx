import type { Article } from '@pulse/contracts';
import { ArticleDetailPage, type ArticleRouteOptions } from '@pulse/frontend-ui';
import { useParams } from 'react-router';
import { COPY } from '../copy';
import { articleHref, type NewsSection } from '../sections';
import { KeyInsightsBox } from './KeyInsightsBox';
import { TechMetaBox } from './TechMetaBox';

/** The tech-metadata box of an analysis and the key insights of an insight (docs/spec-content.md §2). */
function ContentBoxes({ article }: { article: Article }) {
  return (
    <>
      <TechMetaBox techMeta={article.techMeta} />
      {article.type === 'insight' && <KeyInsightsBox insights={article.insightMeta?.keyInsights ?? []} />}
    </>
  );
}

/** What content detail has of its own (docs/spec-content.md §2 'Content detail'); the page is frontends/ui's. */
const CONTENT_ROUTE: Omit<ArticleRouteOptions, 'backPath'> = {
  tagHref: (tag) => `/tags/${encodeURIComponent(tag.slug)}`,
  relatedHref: (item) => articleHref(item.type, item.id),
  relatedThumb: 'no-image',
  sharePlatforms: ['twitter', 'facebook', 'linkedin'],
  copyLink: true,
  generateMissingImage: true,
  badges: (article) => <span className="badge badge--type">{COPY.detail.typeLabels[article.type]}</span>,
  boxes: (article) => <ContentBoxes article={article} />,
};

/** /news/{id}, /insights/{id} and /analysis/{id}: the shared article page; '돌아가기' goes to the section's list. */
export default function ContentDetailPage({ section }: { section: NewsSection }) {
  const { id } = useParams();
  return <ArticleDetailPage id={id} {...CONTENT_ROUTE} backPath={`/${section}`} />;
}
