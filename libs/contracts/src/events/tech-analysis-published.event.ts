import { z } from 'zod';
import { TECHNOLOGY_CATEGORY_VALUES } from '../api/taxonomy';
import { defineEvent } from './define-event';
import { entityId, isoDateTime } from './shared-schemas';

/**
 * content → trending: a tech analysis is published (or its listing changed), so trending can list it
 * beside articles with its own page once readers like and view it (its engagement comes as
 * article.engaged under the analysis id). Sent again whenever what it carries changes.
 *
 * One word before the dot, as every topic's aggregate ('tech-analysis' would break the naming rule).
 *
 * NEVER rename this topic or change this payload in place; a breaking change gets a v2 beside it.
 */
export const TECH_ANALYSIS_PUBLISHED_TOPIC = 'techanalysis.published';
export const TECH_ANALYSIS_PUBLISHED_VERSION = 1;

export const techAnalysisPublishedPayloadSchema = z.object({
  id: entityId,
  title: z.string().min(1).max(300),
  summary: z.string().max(1000),
  technologyName: z.string().min(1).max(100),
  technologyCategory: z.enum(TECHNOLOGY_CATEGORY_VALUES),
  publishedAt: isoDateTime,
  /** Site-relative reader URL, /tech-analysis/{slug}. */
  url: z
    .string()
    .regex(/^\/tech-analysis\/[^\s]+$/)
    .max(500),
});
export type TechAnalysisPublishedPayload = z.output<typeof techAnalysisPublishedPayloadSchema>;

export const techAnalysisPublishedEvent = defineEvent({
  topic: TECH_ANALYSIS_PUBLISHED_TOPIC,
  version: TECH_ANALYSIS_PUBLISHED_VERSION,
  schema: techAnalysisPublishedPayloadSchema,
  partitionKey: (payload) => payload.id,
});
