import { z } from 'zod';
import { SUMMARY_MAX_LENGTH } from '../api/constants';
import { defineEvent } from './define-event';
import {
  BODY_HTML_MAX,
  categorySlugSchema,
  contentTypeSchema,
  entityId,
  httpUrl,
  isoDateTime,
  originalSourcesSchema,
  translationStatusSchema,
  youtubeVideoIdSchema,
} from './shared-schemas';

/**
 * translation → content (docs/design.md §1, §5): the Korean rewrite of one collected cluster, or, with no LLM
 * configured, the English original marked 'pending' and categorised by the keyword classifier.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('article.translated.v2', version 2), and producers
 * publish both until every consumer has moved.
 */
export const ARTICLE_TRANSLATED_TOPIC = 'article.translated';
export const ARTICLE_TRANSLATED_VERSION = 1;

export const tokenUsageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
});

/** Bounds of the bilingual view: paragraphs per side, characters per paragraph. */
export const BILINGUAL_PARAGRAPHS_MAX = 500;
export const BILINGUAL_PARAGRAPH_CHARS_MAX = 5_000;

const paragraphText = z.string().min(1).max(BILINGUAL_PARAGRAPH_CHARS_MAX);

/**
 * The '원문 대조' view of a translation: the source's paragraphs (plain text) and, per Korean paragraph in order,
 * the indexes of the source paragraphs it came from. Every index is in range (checked here, so a consumer can
 * trust it).
 */
export const articleBilingualSchema = z
  .object({
    sourceParagraphs: z.array(paragraphText).min(1).max(BILINGUAL_PARAGRAPHS_MAX),
    pairs: z
      .array(
        z.object({
          korean: paragraphText,
          sources: z.array(z.number().int().nonnegative()).min(1).max(BILINGUAL_PARAGRAPHS_MAX),
        }),
      )
      .min(1)
      .max(BILINGUAL_PARAGRAPHS_MAX),
  })
  .refine(
    (view) => view.pairs.every((pair) => pair.sources.every((index) => index < view.sourceParagraphs.length)),
    { message: 'a source index is out of range', path: ['pairs'] },
  );
export type ArticleBilingualPayload = z.output<typeof articleBilingualSchema>;

export const articleTranslatedPayloadSchema = z.object({
  /** Assigned by translation from the cluster, so a redelivered event updates the same article. */
  articleId: entityId,
  clusterId: entityId,
  /** Korean, unless translationStatus is 'pending' (then the English original). */
  title: z.string().min(1).max(300),
  /** Always ≤ 160: a 'pending' item's English summary is cut to fit, so every card has the same bound. */
  summary: z.string().max(SUMMARY_MAX_LENGTH),
  bodyHtml: z.string().max(BODY_HTML_MAX),
  primaryCategory: categorySlugSchema,
  secondaryCategory: categorySlugSchema.nullable(),
  tags: z.array(z.string().min(1).max(50)).max(10),
  contentType: contentTypeSchema,
  /** For insights (docs/spec-content.md §3 insightMeta.keyInsights); empty for other types. */
  keyInsights: z.array(z.string().min(1).max(500)).max(10),
  translationStatus: translationStatusSchema,
  /** Null when no LLM wrote the text ('pending'). */
  model: z.string().min(1).max(200).nullable(),
  usage: tokenUsageSchema.nullable(),
  sources: originalSourcesSchema,
  imageUrl: httpUrl.nullable(),
  youtubeVideos: z
    .array(
      z.object({
        embedId: youtubeVideoIdSchema,
        title: z.string().max(500).optional(),
        thumbnailUrl: httpUrl.optional(),
        channelTitle: z.string().max(200).optional(),
      }),
    )
    .max(20),
  translatedAt: isoDateTime,
  /**
   * When ingestion fetched the story (article.collected collectedAt), so readers can see how fresh it is.
   * Additive and OPTIONAL like `sample`: events written before it, and consumers of v1 that ignore it, still work.
   */
  collectedAt: isoDateTime.optional(),
  /**
   * The bilingual view ('원문 대조') of a 'translated' article whose paragraph alignment held; absent otherwise
   * (older events, pending English, a dropped alignment). Additive and OPTIONAL like `collectedAt`.
   */
  bilingual: articleBilingualSchema.optional(),
  /**
   * true on the demo corpus's sample articles (docs/design.md §2: sample content is clearly marked), so a consumer
   * can label or filter them; absent on every real article. An additive, OPTIONAL field that consumers of
   * v1 may ignore — the one change docs/design.md §4 allows without a v2; anything breaking still needs a v2.
   */
  sample: z.literal(true).optional(),
});
export type ArticleTranslatedPayload = z.output<typeof articleTranslatedPayloadSchema>;

export const articleTranslatedEvent = defineEvent({
  topic: ARTICLE_TRANSLATED_TOPIC,
  version: ARTICLE_TRANSLATED_VERSION,
  schema: articleTranslatedPayloadSchema,
  partitionKey: (payload) => payload.articleId,
});
