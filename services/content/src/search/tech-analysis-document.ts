import { escapeHtml } from '@pulse/platform';
import { tagSlug } from '../articles/tag-slug';
import type { TechAnalysisRecord } from '../tech-analysis/tech-analysis.record';
import { BODY_TEXT_MAX, type ArticleSearchDocument } from './article-document';
import { articleText } from './article-text';

/**
 * A tech analysis in the article index, beside the articles, so one query ranks both with the same Korean
 * analysis and synonyms. Its index id carries a prefix: a hit says by its id alone which store to read it
 * back from, and an analysis can never overwrite an article that happened to share its id.
 */

export const TECH_ANALYSIS_DOC_PREFIX = 'tech-analysis_';
/** The index document's `type`: not a content type, so the type filter and the archive leave it out. */
export const TECH_ANALYSIS_DOC_TYPE = 'tech-analysis';

export const techAnalysisDocId = (id: string): string => `${TECH_ANALYSIS_DOC_PREFIX}${id}`;

/** The analysis id of an index id, or undefined for an article's. */
export const techAnalysisIdOf = (docId: string): string | undefined =>
  docId.startsWith(TECH_ANALYSIS_DOC_PREFIX) ? docId.slice(TECH_ANALYSIS_DOC_PREFIX.length) : undefined;

/** Analyses ids are the API's id parameter ('ta-' and a UUID, or a demo id): always indexable. */
const INDEXABLE_ID = /^[A-Za-z0-9_-]{1,80}$/;
export const isIndexableAnalysis = (record: Pick<TechAnalysisRecord, '_id'>): boolean =>
  INDEXABLE_ID.test(record._id);

/** The sections in reading order, then the lists, as one text (cut as an article body is). */
function analysisText(record: TechAnalysisRecord): string {
  const sections = [
    record.introduction,
    record.coreConceptsExplanation,
    record.comparisonWithAlternatives,
    record.gettingStarted,
    record.tutorialContent,
    record.futureOutlook,
    record.conclusion,
  ];
  const items = [
    ...record.prosAndCons.pros,
    ...record.prosAndCons.cons,
    ...record.useCases,
    ...record.bestPractices,
    ...record.commonPitfalls,
    // List items are plain text: escaped, so a '<' in one is text, as articleText reads it back.
  ].map((item) => `<p>${escapeHtml(item)}</p>`);
  return articleText([...sections, ...items].join(' '), BODY_TEXT_MAX);
}

export function toTechAnalysisDocument(record: TechAnalysisRecord): ArticleSearchDocument {
  // The technology's name is searched as a tag is: 'Kubernetes' finds its analysis as a tag finds an article.
  const tags = [record.technologyName, ...record.seoKeywords];
  return {
    id: techAnalysisDocId(record._id),
    title: record.title,
    summary: record.executiveSummary,
    body: analysisText(record),
    tags,
    tagSlugs: tags.map(tagSlug),
    // The category filter names the news desks (gen-ai, blockchain, big-tech); an analysis has a
    // technology category instead, so a category-filtered search lists articles only.
    categories: [],
    type: TECH_ANALYSIS_DOC_TYPE,
    state: record.state,
    publishedAt: Date.parse(record.publishedAt ?? record.updatedAt),
    likesCount: record.likesCount,
    views: record.views,
  };
}
