import type {
  TechAnalysisDetailResponse,
  TechAnalysisListItem,
  TechAnalysisListResponse,
} from '@pulse/contracts/src/api/tech-analysis';
import {
  absoluteUrl,
  describeList,
  findAnswer,
  itemPath,
  publisherData,
  shortDescription,
  type PageDescriber,
} from '@pulse/frontend-ui';
import { detailPath } from './api';

/** schema.org proficiencyLevel knows 'Beginner' and 'Expert' only. */
const PROFICIENCY = { beginner: 'Beginner', advanced: 'Expert' } as const;

/**
 * A tech analysis's document (server bundle only): its Open Graph article block and TechArticle, from the
 * analysis the render read; a missing one adds nothing. The list: the ItemList of its first page.
 */
export const describeTechAnalysis: PageDescriber = (head, page) => {
  const [, slug] = page.pathname.split('/').filter(Boolean);
  if (!slug)
    return describeList<TechAnalysisListResponse, TechAnalysisListItem>(
      page,
      (read) => read.startsWith('/api/tech-analysis?'),
      (answer) => answer.analyses,
      (analysis) => ({ path: itemPath('/tech-analysis', analysis.slug), name: analysis.title }),
    );
  if ((head.status ?? 200) !== 200) return undefined;
  const analysis = findAnswer<TechAnalysisDetailResponse>(
    page.client,
    detailPath(decodeURIComponent(slug)),
  )?.analysis;
  if (!analysis) return undefined;
  const url = `${page.siteUrl}${head.canonical ?? page.pathname}`;
  const image = absoluteUrl('/og-default.png', page.siteUrl)!;
  const level = analysis.difficultyLevel;
  return {
    ogType: 'article',
    article: { publishedTime: analysis.publishedAt, tags: analysis.seoKeywords },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'TechArticle',
        headline: shortDescription(analysis.title, 110),
        description: shortDescription(analysis.executiveSummary),
        image: [image],
        datePublished: analysis.publishedAt,
        inLanguage: 'ko-KR',
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        url,
        author: publisherData(page.siteUrl),
        publisher: publisherData(page.siteUrl),
        ...(analysis.seoKeywords.length ? { keywords: analysis.seoKeywords.join(', ') } : {}),
        ...(analysis.technologyName ? { about: { '@type': 'Thing', name: analysis.technologyName } } : {}),
        ...(level && level !== 'intermediate' ? { proficiencyLevel: PROFICIENCY[level] } : {}),
        ...(analysis.estimatedReadingTime
          ? { timeRequired: `PT${Math.round(analysis.estimatedReadingTime)}M` }
          : {}),
      },
    ],
  };
};
