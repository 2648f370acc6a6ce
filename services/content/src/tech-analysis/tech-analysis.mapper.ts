import type {
  AdminTechAnalysis,
  RelatedAnalysis,
  TechAnalysis,
  TechAnalysisListItem,
} from '@pulse/contracts';
import { techAnalysisBody, type TechAnalysisRecord } from './tech-analysis.record';

/** Published records only: publishedAt is set once an analysis is published. */
export function toListItem(record: TechAnalysisRecord): TechAnalysisListItem {
  return {
    id: record._id,
    slug: record.slug,
    title: record.title,
    executiveSummary: record.executiveSummary,
    technologyName: record.technologyName,
    technologyCategory: record.technologyCategory,
    difficultyLevel: record.difficultyLevel,
    estimatedReadingTime: record.estimatedReadingTime,
    likesCount: record.likesCount,
    publishedAt: record.publishedAt ?? record.updatedAt,
    ...(record.sample ? { sample: true } : {}),
  };
}

/** docs/spec-content.md §3 TechAnalysis, as the detail page reads it. */
export function toTechAnalysis(record: TechAnalysisRecord): TechAnalysis {
  return {
    ...toListItem(record),
    seoKeywords: record.seoKeywords,
    qualityScore: record.qualityScore,
    views: record.views,
    ...techAnalysisBody(record),
    codeExamples: record.codeExamples,
    externalResources: record.externalResources,
  };
}

export function toRelatedAnalysis(record: TechAnalysisRecord): RelatedAnalysis {
  return {
    id: record._id,
    slug: record.slug,
    title: record.title,
    technologyCategory: record.technologyCategory,
    executiveSummary: record.executiveSummary,
  };
}

/** What admins see: drafts too, with state and editing fields. */
export function toAdminTechAnalysis(record: TechAnalysisRecord): AdminTechAnalysis {
  return {
    ...toTechAnalysis(record),
    publishedAt: record.publishedAt,
    state: record.state,
    relatedAnalysisIds: record.relatedAnalysisIds,
    origin: record.origin,
    model: record.model,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    withdrawal: record.state === 'withdrawn' ? (record.withdrawal ?? null) : null,
  };
}
