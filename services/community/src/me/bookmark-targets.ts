import { Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { ContentReadError, type BookmarkKind } from '@pulse/contracts';
import { CONTENT_READER, type ContentReader } from '../articles/content-reader';
import { QuestionsRepository } from '../questions/questions.repository';

export const bookmarkTargetNotFound = (id: string) => `id: 찾을 수 없는 글입니다 (${id}).`;
export const BOOKMARK_CHECK_UNAVAILABLE = '글을 지금 확인할 수 없습니다. 잠시 후 다시 시도해주세요.';

/** The page on this site of a bookmarked item. */
const PAGES: Record<BookmarkKind, (id: string) => string> = {
  article: (id) => `/article/${encodeURIComponent(id)}`,
  insight: (id) => `/insights/${encodeURIComponent(id)}`,
  techAnalysis: (slug) => `/tech-analysis/${encodeURIComponent(slug)}`,
  question: (id) => `/community/questions/${encodeURIComponent(id)}`,
};

export interface BookmarkTarget {
  title: string;
  url: string;
}

/**
 * What a bookmark points at, asked of the service that owns it: content's read API for articles, insights
 * and tech analyses, community's own questions. Only an item that exists and is shown may be bookmarked,
 * and its title is the owner's, never one a client sent.
 */
@Injectable()
export class BookmarkTargets {
  constructor(
    @Inject(CONTENT_READER) private readonly content: ContentReader,
    private readonly questions: QuestionsRepository,
  ) {}

  /** 404 naming `id` when there is no such item; 503 when content cannot say. */
  async require(kind: BookmarkKind, id: string): Promise<BookmarkTarget> {
    const title = await this.titleOf(kind, id);
    if (title === undefined) throw new NotFoundException(bookmarkTargetNotFound(id));
    return { title, url: PAGES[kind](id) };
  }

  private async titleOf(kind: BookmarkKind, id: string): Promise<string | undefined> {
    if (kind === 'question') return (await this.questions.findVisible(id))?.title;
    try {
      if (kind === 'techAnalysis') return (await this.content.techAnalysis(id))?.title;
      return (await this.content.articleTitle(id))?.title;
    } catch (error) {
      if (error instanceof ContentReadError)
        throw new ServiceUnavailableException(BOOKMARK_CHECK_UNAVAILABLE);
      throw error;
    }
  }
}
