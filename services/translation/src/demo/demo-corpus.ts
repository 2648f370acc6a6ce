import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  articleBilingualSchema,
  articleTranslatedPayloadSchema,
  type ArticleTranslatedPayload,
} from '@pulse/contracts';
import { z } from 'zod';
import type { TranslationRecord } from '../translation.record';

/**
 * The demo corpus (docs/design.md §2): Korean sample articles written for this project, one JSON file each
 * in ./corpus, that embedded mode stores as translated articles so a fresh machine shows a populated site.
 * Every item is fictional and marked as such four ways: the contract's optional `sample: true`, a '[샘플]'
 * title prefix, the '샘플' tag, and a first paragraph that says so. Sources point at sample.pulse.local, an
 * origin that does not exist, never at a real outlet.
 */

export const CORPUS_DIR = path.join(__dirname, 'corpus');
export const SAMPLE_TITLE_PREFIX = '[샘플] ';
export const SAMPLE_TAG = '샘플';
export const SAMPLE_NOTICE = '이 기사는 펄스 데모용 샘플 콘텐츠입니다.';
export const SAMPLE_SOURCE = {
  sourceId: 'pulse-sample',
  sourceName: '펄스 샘플',
  author: '펄스 샘플 편집팀',
  origin: 'https://sample.pulse.local',
} as const;
/** Publication times are stored as offsets and spread over the last 14 days of the moment of seeding. */
export const MAX_AGE_HOURS = 14 * 24;

/** One corpus file: the editorial content; ids, sources and dates are added at seed time. */
export const demoArticleSchema = articleTranslatedPayloadSchema
  .pick({
    title: true,
    summary: true,
    bodyHtml: true,
    primaryCategory: true,
    secondaryCategory: true,
    tags: true,
    contentType: true,
    keyInsights: true,
    youtubeVideos: true,
  })
  .extend({
    /** Fixed, so a restart or a second process inserts the same ids and never duplicates. */
    id: z.string().regex(/^demo-[a-z0-9-]+$/),
    /** How long before seeding it was "published". */
    hoursAgo: z.number().min(0).max(MAX_AGE_HOURS),
    /**
     * A '원문 대조' view for the sample: English paragraphs written for the demo like the rest of the item (the
     * sample's "original" at sample.pulse.local), with the Korean paragraph each pair shows.
     */
    bilingual: articleBilingualSchema.optional(),
  })
  .strict();
export type DemoArticle = z.output<typeof demoArticleSchema>;

/** Reads and validates every corpus file, in file-name order; a bad file fails with its name. */
export function loadDemoCorpus(dir = CORPUS_DIR): DemoArticle[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = demoArticleSchema.safeParse(JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
      if (!parsed.success) throw new Error(`demo corpus ${name}: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}

/** The article.translated one sample article emits, dated relative to `seededAt`. */
export function demoPayload(article: DemoArticle, seededAt: number): ArticleTranslatedPayload {
  const publishedAt = new Date(seededAt - article.hoursAgo * 3_600_000).toISOString();
  const url = `${SAMPLE_SOURCE.origin}/articles/${article.id}`;
  return {
    articleId: article.id,
    clusterId: article.id,
    title: article.title,
    summary: article.summary,
    bodyHtml: article.bodyHtml,
    primaryCategory: article.primaryCategory,
    secondaryCategory: article.secondaryCategory,
    tags: article.tags,
    contentType: article.contentType,
    keyInsights: article.keyInsights,
    translationStatus: 'translated',
    // Written by hand for the demo: no LLM, no tokens.
    model: null,
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    sources: [
      {
        sourceId: SAMPLE_SOURCE.sourceId,
        sourceName: SAMPLE_SOURCE.sourceName,
        url,
        canonicalUrl: url,
        title: article.title,
        author: SAMPLE_SOURCE.author,
        publishedAt,
      },
    ],
    imageUrl: null,
    youtubeVideos: article.youtubeVideos,
    translatedAt: publishedAt,
    ...(article.bilingual ? { bilingual: article.bilingual } : {}),
    sample: true,
  };
}

/** A sample article stored as a finished translation job, marked `sample` so it is never mistaken for one. */
export type DemoTranslationRecord = TranslationRecord & { sample: true };

export function demoRecord(payload: ArticleTranslatedPayload, now: string): DemoTranslationRecord {
  const classification = {
    primaryCategory: payload.primaryCategory,
    secondaryCategory: payload.secondaryCategory,
    contentType: payload.contentType,
    matchedKeywords: [],
  };
  return {
    _id: payload.clusterId,
    articleId: payload.articleId,
    status: 'translated',
    // There is no English original: the "source" is the sample itself, in Korean.
    source: {
      clusterId: payload.clusterId,
      sources: payload.sources,
      title: payload.title,
      summary: payload.summary,
      bodyHtml: payload.bodyHtml,
      imageUrl: null,
      youtubeVideoIds: payload.youtubeVideos.map((video) => video.embedId),
      language: 'ko',
      collectedAt: payload.translatedAt,
    },
    classification,
    attempts: 0,
    usage: { promptTokens: 0, completionTokens: 0 },
    costUsd: null,
    model: null,
    output: {
      title: payload.title,
      summary: payload.summary,
      bodyHtml: payload.bodyHtml,
      primaryCategory: payload.primaryCategory,
      secondaryCategory: payload.secondaryCategory,
      tags: payload.tags,
      contentType: payload.contentType,
      keyInsights: payload.keyInsights,
      // No English original to align with (the sample's view, if any, travels in the payload as written).
      paragraphSources: [],
    },
    review: null,
    lastError: null,
    claimedBy: null,
    claimedUntil: null,
    createdAt: now,
    updatedAt: now,
    sample: true,
  };
}
