/**
 * A story page's article, for scraped sources (and feeds that only give a teaser): Mozilla's Readability —
 * the Firefox Reader View algorithm — over a linkedom document, plus the page's Open Graph metadata for
 * what Readability does not give (the lead image, the canonical link, the publication time).
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { toIsoUtc } from './dates';
import { absolutiseHtmlUrls, cap, collapse, htmlToText, PARSE_LIMITS, resolveHttpUrl } from './normalise';
import { extractYoutubeIds } from './youtube';

export interface ExtractedArticle {
  title: string;
  byline?: string;
  /** The article's HTML (Readability's cleaned subtree), links made absolute; still untrusted, unsanitised. */
  contentHtml: string;
  /** Plain text, capped like a feed summary. */
  excerpt?: string;
  /** og:image (or twitter:image), absolute. */
  leadImageUrl?: string;
  siteName?: string;
  publishedAt?: string;
  youtubeIds: string[];
}

const MIN_ARTICLE_CHARS = 140;

/** undefined when the page has no readable article (an index page, an error page, empty HTML). */
export function extractArticle(html: string, url: string): ExtractedArticle | undefined {
  try {
    const { document } = parseHTML(cap(html, PARSE_LIMITS.documentChars));
    const meta = (key: string) =>
      document
        .querySelector(`meta[property="${key}"], meta[name="${key}"]`)
        ?.getAttribute('content')
        ?.trim() || undefined;
    const leadImageUrl = resolveHttpUrl(
      meta('og:image') ?? meta('og:image:url') ?? meta('twitter:image'),
      url,
    );
    const ogVideo = meta('og:video') ?? meta('og:video:url');
    const published =
      meta('article:published_time') ?? document.querySelector('time[datetime]')?.getAttribute('datetime');
    const ogTitle = meta('og:title');
    const siteName = meta('og:site_name');
    // Readability edits the document it reads, so everything else is read before it runs.
    const article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
    // Readability always returns its best candidate; a few words (a nav bar, an error line) are not a story.
    if (!article?.content || (article.textContent ?? '').trim().length < MIN_ARTICLE_CHARS) return undefined;
    // linkedom names the elements Readability creates in upper case ("<DIV"); HTML does not care, diffs do.
    const content = article.content.replace(/<(\/?)DIV\b/g, '<$1div');
    const contentHtml = cap(absolutiseHtmlUrls(content, url), PARSE_LIMITS.bodyChars);
    const title = cap(collapse(ogTitle ?? article.title ?? ''), PARSE_LIMITS.titleChars);
    return {
      title: title || cap(collapse(article.title ?? ''), PARSE_LIMITS.titleChars),
      byline: article.byline
        ? cap(collapse(article.byline).replace(/^by\s+/i, ''), PARSE_LIMITS.authorChars)
        : undefined,
      contentHtml,
      excerpt: cap(htmlToText(article.excerpt ?? ''), PARSE_LIMITS.summaryChars) || undefined,
      leadImageUrl,
      siteName: siteName ? cap(collapse(siteName), PARSE_LIMITS.authorChars) : undefined,
      publishedAt: toIsoUtc(published ?? undefined),
      youtubeIds: extractYoutubeIds(contentHtml, ogVideo),
    };
  } catch {
    // Readability and the HTML parser are third-party code on hostile input: a page that breaks them is
    // a page without an article, never a crashed run.
    return undefined;
  }
}
