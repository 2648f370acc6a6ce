import type { TechAnalysisDetailResponse } from '@pulse/contracts';
import { ApiError, ARTICLE_QUERY, tabId, Tabs, useApiQuery, usePageHead } from '@pulse/frontend-ui';
import { useState } from 'react';
import { useParams } from 'react-router';
import { detailPath } from '../api';
import { COPY } from '../copy';
import { AnalysisHeader } from './AnalysisHeader';
import { CodeExamples } from './CodeExamples';
import { DetailProblem, DetailSkeleton } from './DetailStates';
import { RelatedAnalyses } from './RelatedAnalyses';
import { Resources } from './Resources';
import { Html, OverviewTab, TutorialTab } from './Sections';
import { useCountView } from './view-count';

type DetailTab = 'overview' | 'tutorial' | 'code' | 'resources';
const TABS = (['overview', 'tutorial', 'code', 'resources'] as const).map((value) => ({
  value,
  label: COPY.detail.tabs[value],
}));

/** /tech-analysis/{slug} (docs/spec-content.md §2 'Tech analysis detail'). Keyed by slug: a related analysis opens on its overview. */
export default function TechAnalysisDetailRoute() {
  const { slug = '' } = useParams();
  return <TechAnalysisDetailPage key={slug} slug={slug} />;
}

function TechAnalysisDetailPage({ slug }: { slug: string }) {
  const { data, error, refetch } = useApiQuery<TechAnalysisDetailResponse>(
    `tech-analysis:${slug}`,
    detailPath(slug),
    ARTICLE_QUERY,
  );
  const [tab, setTab] = useState<DetailTab>('overview');
  const analysis = data?.analysis;
  const status = !analysis && error instanceof ApiError ? error.status : 0;
  const missing = status === 404 || status === 400;
  // Withdrawn by the editors (410): gone for good, and the page says so rather than "not found".
  const gone = status === 410;
  // As the server-rendered head: the summary (else the introduction) and the SEO keywords; a missing one
  // under the title the server's 404 document has, a withdrawn one with the 410 status.
  usePageHead(
    analysis
      ? {
          title: analysis.title,
          description: analysis.executiveSummary || analysis.introduction,
          canonical: `/tech-analysis/${encodeURIComponent(analysis.slug)}`,
          keywords: analysis.seoKeywords,
        }
      : missing
        ? { title: '기술분석을 찾을 수 없습니다', status: 404 }
        : gone
          ? { title: '게시가 중단된 기술분석입니다', status: 410 }
          : null,
  );
  useCountView(analysis?.id);

  if (!analysis) {
    if (missing) {
      return <DetailProblem message={COPY.detail.notFound} />;
    }
    if (gone) return <DetailProblem message={COPY.detail.withdrawn} />;
    if (error)
      return (
        <DetailProblem
          message={COPY.detail.loadError}
          detail={error.message}
          onRetry={() => void refetch()}
        />
      );
    return <DetailSkeleton />;
  }

  return (
    <article className="analysis-detail">
      <AnalysisHeader analysis={analysis} />
      <Tabs label={COPY.detail.tabsLabel} idPrefix="analysis" tabs={TABS} selected={tab} onSelect={setTab} />
      <div
        id="analysis-panel"
        role="tabpanel"
        aria-labelledby={tabId('analysis', tab)}
        className="analysis-panel"
      >
        {tab === 'overview' && <OverviewTab analysis={analysis} />}
        {tab === 'tutorial' && <TutorialTab analysis={analysis} />}
        {tab === 'code' && <CodeExamples examples={analysis.codeExamples} />}
        {tab === 'resources' && <Resources resources={analysis.externalResources} />}
      </div>
      <Html title={COPY.detail.futureOutlook} html={analysis.futureOutlook} />
      <Html title={COPY.detail.conclusion} html={analysis.conclusion} />
      <RelatedAnalyses analyses={data.relatedAnalyses ?? []} />
    </article>
  );
}
