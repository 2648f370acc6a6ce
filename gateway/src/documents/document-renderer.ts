import { renderHead } from './document-head';
import type { PageRenderer, ReadApi, RenderedPage } from './page-renderer';
import type { ShellTemplate } from './shell-template';

/** A rendered page: a document with a body, not a redirect. */
export interface PageDocument {
  statusCode: 200 | 404 | 410 | 503;
  html: string;
  retryAfterS?: number;
  /**
   * 'public': the same bytes for every reader, held and shared; 'no-store': never held; 'private': a reader's
   * own page (/me), never held and marked `private, no-store` for every cache on the way.
   */
  cache: 'public' | 'no-store' | 'private';
  /** What the page shows, as the services tag it (@pulse/contracts cache-purge.ts): a purge drops it. */
  tags: string[];
  /** CSP sources of the styles written into its head (a remote's stylesheet), for its style-src. */
  styleHashes?: string[];
}

export type RenderedDocument = PageDocument | { statusCode: 301 | 308; location: string };

/**
 * The generic document, when no page could be rendered or described (a failed render, a service that could
 * not answer the page's own read, no server bundle): 503 with Retry-After, so a crawler comes back later
 * instead of indexing it or dropping the URL, unindexed, with the shell's own head; readers get the shell,
 * which draws the page itself. It names no page.
 */
const FALLBACK_RETRY_AFTER_S = 30;
/** Past the render budget (documents.plugin.ts): a moment is enough, renders take milliseconds. */
const BUSY_RETRY_AFTER_S = 5;
const NOT_INDEXED = '<meta name="robots" content="noindex, follow">';
/** For readers without JavaScript (in <noscript>); with it, the shell draws the page. */
const FALLBACK_BODY =
  '<main><h1>잠시 후 다시 시도해 주세요</h1><p>지금은 이 페이지를 준비하지 못했습니다.</p><p><a href="/">홈으로</a></p></main>';
/** For readers without JavaScript on a site that renders nothing on the server (browserDrawn). */
const BROWSER_BODY = '<main><h1>펄스</h1><p>이 페이지를 보려면 JavaScript를 켜 주세요.</p></main>';
/** A page of nothing whose markup the browser draws (a missing item): its words for readers without it. */
const NOT_FOUND_BODY =
  '<main><h1>404 Page Not Found</h1><p>요청하신 페이지가 존재하지 않거나 이동되었습니다.</p><p><a href="/">홈으로</a></p></main>';
/** The same for an item removed on purpose (410): the page's own head names what it was. */
const GONE_BODY =
  '<main><h1>삭제된 글입니다</h1><p>요청하신 글은 삭제되어 더 이상 볼 수 없습니다.</p><p><a href="/">홈으로</a></p></main>';

/**
 * Makes a document of what the front end's server bundle rendered and said of the page (docs/design.md §8):
 * its status, head and structured data as the page described them, its markup and answers in the shell's
 * index.html. The cache tags are those of the answers the render read and those the page named.
 */
export class DocumentRenderer {
  constructor(
    private readonly template: ShellTemplate,
    private readonly pages: PageRenderer,
    /** Answers the render's API reads for one request; `tags` collects the answers' cache tags. */
    private readonly readApi: (requestId: string, tags: Set<string>) => ReadApi,
    private readonly siteUrl: string,
    /** Appended to every head: the inlined runtime configuration as it is now (see gateway.module.ts). */
    private readonly extraHead: () => string = () => '',
    /** No server renders at all: every page is browserDrawn() (GATEWAY_DOCUMENTS=browser). */
    private readonly drawnInBrowser = false,
  ) {}

  /** The URL a document is keyed on and rendered from (the page's bundle names its query parameters). */
  documentUrl(url: string): Promise<string> {
    return this.pages.documentUrl(url);
  }

  async render(url: string, requestId: string): Promise<RenderedDocument> {
    if (this.drawnInBrowser) return this.browserDrawn();
    const tags = new Set<string>();
    const page = await this.pages.render(url, this.readApi(requestId, tags), this.siteUrl);
    if (!page) return { ...this.fallback(), retryAfterS: FALLBACK_RETRY_AFTER_S };
    const { description } = page;
    if (description.status === 301 || description.status === 308)
      return { statusCode: description.status, location: description.location ?? '/' };
    for (const tag of description.cacheTags) tags.add(tag);
    const missing = { 404: NOT_FOUND_BODY, 410: GONE_BODY }[description.status as 404 | 410] ?? '';
    return {
      statusCode: description.status,
      html: this.template.render({
        head: renderHead(description) + this.extraHead(),
        body: page.html === undefined ? missing : '',
        rendered: page.html === undefined ? undefined : (page as RenderedPage & { html: string }),
      }),
      cache: description.cache,
      tags: [...tags],
      ...(page.html !== undefined && page.inlineStyle ? { styleHashes: [page.inlineStyle.hash] } : {}),
    };
  }

  /** The busy document (documents.plugin.ts, past the render budget): nothing fetched or rendered for it. */
  busy(): { statusCode: 503; html: string; retryAfterS: number } {
    return { statusCode: 503, html: this.fallback().html, retryAfterS: BUSY_RETRY_AFTER_S };
  }

  /**
   * A page the browser draws, for a site with no server renders at all (`GATEWAY_DOCUMENTS=browser`, set by
   * `npm run dev`, whose front ends are dev servers without server bundles): 200 with the shell, unindexed,
   * never held. Readers without JavaScript are told so.
   */
  browserDrawn(): PageDocument & { statusCode: 200 } {
    const html = this.template.render({
      head: NOT_INDEXED + this.extraHead(),
      body: BROWSER_BODY,
      keepHead: true,
    });
    return { statusCode: 200, html, cache: 'no-store', tags: [] };
  }

  private fallback(): PageDocument & { statusCode: 503 } {
    const html = this.template.render({
      head: NOT_INDEXED + this.extraHead(),
      body: FALLBACK_BODY,
      keepHead: true,
    });
    return { statusCode: 503, html, cache: 'no-store', tags: [] };
  }
}
