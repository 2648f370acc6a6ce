import {
  SEARCH_DESCRIPTION_LENGTH,
  type ArticleSearchItem,
  type SearchHighlight,
  type TechAnalysisSearchItem,
} from '@pulse/contracts';
import { escapeHtml, renderHighlight } from '@pulse/platform';
import { toListItem } from '../articles/article.mapper';
import type { ArticleRecord } from '../articles/article.record';
import type { TechAnalysisRecord } from '../tech-analysis/tech-analysis.record';

/**
 * Search hits as API items: the list item from the store, its summary replaced by the passage that
 * matched (plain text) and `highlight` carrying the same passage and the title with <mark>s.
 */

/** Crop room: the port adds an ellipsis at each cut end, and the whole must fit the seed's 120. */
export const SNIPPET_CROP_LENGTH = SEARCH_DESCRIPTION_LENGTH - 2;
/** The fields asked of the index for each hit; the snippet comes from the first that matched. */
export const SNIPPET_FIELDS = ['summary', 'body'] as const;

const UNESCAPES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};

/** The visible text of highlight HTML (which the port escapes entirely except for its <mark> tags). */
export function highlightText(html: string): string {
  return html.replace(/<\/?mark>/g, '').replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => UNESCAPES[entity]);
}

/** The marked title and the first passage that matched (else the summary's start). */
function highlightOf(title: string, highlights: Record<string, string>): SearchHighlight {
  const snippet =
    SNIPPET_FIELDS.map((field) => highlights[field]).find((html) => html?.includes('<mark>')) ??
    highlights.summary ??
    '';
  return { title: highlights.title ?? escapeHtml(title), snippet };
}

export function toSearchResultItem(
  record: ArticleRecord,
  highlights: Record<string, string>,
): ArticleSearchItem {
  const highlight = highlightOf(record.title, highlights);
  return { ...toListItem(record), summary: highlightText(highlight.snippet), highlight };
}

/** A tech analysis hit: its own fields and page, its snippet taken as an article's is. */
export function toTechAnalysisResultItem(
  record: TechAnalysisRecord,
  highlights: Record<string, string>,
): TechAnalysisSearchItem {
  const highlight = highlightOf(record.title, highlights);
  return {
    kind: 'tech-analysis',
    id: record._id,
    slug: record.slug,
    url: `/tech-analysis/${encodeURIComponent(record.slug)}`,
    title: record.title,
    summary: highlightText(highlight.snippet),
    technologyName: record.technologyName,
    technologyCategory: record.technologyCategory,
    publishedAt: record.publishedAt ?? record.updatedAt,
    likesCount: record.likesCount,
    views: record.views,
    highlight,
  };
}

/** A result listed without a text query (a tag page): nothing to mark, the summary cut to the snippet. */
export function toUnmarkedResultItem(record: ArticleRecord): ArticleSearchItem {
  return toSearchResultItem(record, {
    title: escapeHtml(record.title),
    summary: renderHighlight(record.summary, [], { cropLength: SNIPPET_CROP_LENGTH }),
  });
}
