import { Inject, Injectable } from '@nestjs/common';
import type { ContentSearchItem } from '@pulse/contracts';
import { htmlToText } from '@pulse/platform';
import { CONTENT_READER, type ContentReader } from '../articles/content-reader';
import { ASSISTANT_CONFIG, type AssistantConfig } from './assistant.config';

/** One of our articles as the assistant may cite it: number, id, title, the passage and its reader URL. */
export interface Passage {
  index: number;
  articleId: string;
  title: string;
  text: string;
  url: string;
}

/** How much of the current article's own text goes into the prompt. */
const CURRENT_ARTICLE_CHARS = 2_000;
const PASSAGE_CHARS = 600;

export const articleUrl = (id: string) => `/article/${encodeURIComponent(id)}`;

/**
 * Retrieval for the assistant. Through content's public search API rather than the search port: the
 * articles index belongs to content, and with the embedded engine each process has its own index, so only
 * content's API sees the articles in every mode (services/community/README.md, 'The assistant').
 */
@Injectable()
export class ArticlePassages {
  constructor(
    @Inject(CONTENT_READER) private readonly content: ContentReader,
    @Inject(ASSISTANT_CONFIG) private readonly config: AssistantConfig,
  ) {}

  /** The current article's text; undefined when content has no such article. */
  async current(articleId: string): Promise<Passage | undefined> {
    const article = await this.content.article(articleId);
    if (!article) return undefined;
    const text = `${article.summary}\n${htmlToText(article.content)}`.replace(/\s+/g, ' ').trim();
    return {
      index: 1,
      articleId: article.id,
      title: article.title,
      text: text.slice(0, CURRENT_ARTICLE_CHARS),
      url: articleUrl(article.id),
    };
  }

  /**
   * The best passages for the queries, in order, numbered after `first` (the current article, if any),
   * without repeating an article. Each query is searched until there are enough.
   */
  async retrieve(queries: readonly string[], first?: Passage): Promise<Passage[]> {
    const passages: Passage[] = first ? [first] : [];
    const seen = new Set(passages.map((passage) => passage.articleId));
    for (const query of queries.map(searchText).filter(Boolean)) {
      if (passages.length >= this.config.ASSISTANT_PASSAGES) break;
      for (const item of await this.content.search(query)) {
        if (passages.length >= this.config.ASSISTANT_PASSAGES) break;
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        passages.push(toPassage(item, passages.length + 1));
      }
    }
    return passages;
  }
}

function toPassage(item: ContentSearchItem, index: number): Passage {
  return {
    index,
    articleId: item.id,
    title: item.title,
    text: item.summary.replace(/\s+/g, ' ').trim().slice(0, PASSAGE_CHARS),
    url: articleUrl(item.id),
  };
}

/**
 * A question as a search query: the words that carry meaning. Endings such as '알려줘', '뭐야', '?' match no
 * article, and the search ANDs its words (dropping only trailing ones), so they are left out.
 */
const FILLER =
  /^(?:알려\S*|설명\S*|요약\S*|뭐\S*|무엇\S*|어떤\S*|어떻게\S*|왜|언제|누가|해줘|해주세요|주세요|대해\S*|대한|관련\S*|있\S*|궁금\S*|please|what|how|why|tell|me|about|the|is|are)$/i;

export function searchText(text: string): string {
  const words = text
    .normalize('NFKC')
    .replace(/[?!.,;:"'()[\]{}<>~`]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !FILLER.test(word));
  return words.join(' ').slice(0, 200).trim();
}
