import { readdirSync } from 'node:fs';
import { articleTranslatedPayloadSchema, SUMMARY_MAX_LENGTH } from '@pulse/contracts';
import { splitParagraphs } from '../alignment/paragraphs';
import { htmlToText, sanitiseHtml } from '../sanitise/sanitise-html';
import {
  CORPUS_DIR,
  demoPayload,
  loadDemoCorpus,
  MAX_AGE_HOURS,
  SAMPLE_NOTICE,
  SAMPLE_SOURCE,
  SAMPLE_TAG,
  SAMPLE_TITLE_PREFIX,
} from './demo-corpus';

const HANGUL = /[\uAC00-\uD7A3]/g;
const seededAt = Date.parse('2026-03-01T00:00:00.000Z');
const corpus = loadDemoCorpus();

describe('demo corpus', () => {
  it('has at least 30 articles, about 10 per category, mostly news with some insights and analyses', () => {
    expect(readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.json'))).toHaveLength(corpus.length);
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    for (const category of ['gen-ai', 'blockchain', 'big-tech'] as const)
      expect(corpus.filter((a) => a.primaryCategory === category).length).toBeGreaterThanOrEqual(9);
    const count = (type: string) => corpus.filter((a) => a.contentType === type).length;
    expect(count('news')).toBeGreaterThan(corpus.length / 2);
    expect(count('insight')).toBeGreaterThanOrEqual(3);
    expect(count('analysis')).toBeGreaterThanOrEqual(3);
    expect(new Set(corpus.map((a) => a.id)).size).toBe(corpus.length);
    // No made-up video ids: a player that says 'video unavailable' would be fake content.
    expect(corpus.filter((a) => a.youtubeVideos.length > 0)).toEqual([]);
  });

  it.each(corpus.map((article) => [article.id, article] as const))(
    '%s is a valid article.translated, in Korean, sanitised and marked as a sample',
    (_id, article) => {
      const payload = demoPayload(article, seededAt);
      expect(articleTranslatedPayloadSchema.parse(payload)).toEqual(payload);
      expect(payload).toMatchObject({ sample: true, translationStatus: 'translated', model: null });

      // Marked four ways: the contract flag (above), the title, the tag and the first paragraph.
      expect(article.title.startsWith(SAMPLE_TITLE_PREFIX)).toBe(true);
      expect(article.tags).toContain(SAMPLE_TAG);
      expect(article.bodyHtml.startsWith(`<p>${SAMPLE_NOTICE}`)).toBe(true);
      // A fictional origin, never a real outlet.
      for (const source of payload.sources) {
        expect(source.sourceName).toBe(SAMPLE_SOURCE.sourceName);
        expect(new URL(source.url).origin).toBe(SAMPLE_SOURCE.origin);
      }

      // Korean, not a translation left in English.
      const text = htmlToText(article.bodyHtml);
      expect((article.title.match(HANGUL) ?? []).length).toBeGreaterThan(article.title.length / 3);
      expect((text.match(HANGUL) ?? []).length).toBeGreaterThan(text.length / 3);
      expect(article.summary.length).toBeGreaterThan(0);
      expect(article.summary.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
      expect(article.summary).toMatch(HANGUL);

      // Already what the sanitiser lets through, so it reads exactly as written.
      expect(sanitiseHtml(article.bodyHtml)).toBe(article.bodyHtml);
      expect(article.bodyHtml).not.toMatch(/<script|javascript:|on\w+=/i);
      const paragraphs = (article.bodyHtml.match(/<p>/g) ?? []).length;
      expect(paragraphs).toBeGreaterThanOrEqual(3);
      expect(paragraphs).toBeLessThanOrEqual(6);
      for (const video of article.youtubeVideos)
        expect(article.bodyHtml).toContain(`youtube-nocookie.com/embed/${video.embedId}`);

      // A sample's '원문 대조' pairs its own paragraphs, and its English "original" says it is a sample too.
      if (article.bilingual) {
        expect(article.bilingual.pairs.map((pair) => pair.korean)).toEqual(splitParagraphs(article.bodyHtml));
        expect(article.bilingual.sourceParagraphs[0]).toMatch(/^This article is sample content/);
      }

      if (article.contentType === 'insight') {
        expect(article.keyInsights.length).toBeGreaterThanOrEqual(2);
        expect(article.keyInsights.length).toBeLessThanOrEqual(3);
      } else expect(article.keyInsights).toEqual([]);
      expect(article.secondaryCategory).not.toBe(article.primaryCategory);
    },
  );

  it('dates every article within the 14 days before seeding', () => {
    const published = corpus.map((a) => Date.parse(demoPayload(a, seededAt).translatedAt));
    for (const at of published) {
      expect(at).toBeLessThanOrEqual(seededAt);
      expect(at).toBeGreaterThanOrEqual(seededAt - MAX_AGE_HOURS * 3_600_000);
    }
    // Spread out, not all on one day.
    expect(new Set(published.map((at) => new Date(at).toISOString().slice(0, 10))).size).toBeGreaterThan(10);
  });
});
