import {
  articleTag,
  CATEGORY_DEFINITIONS,
  questionTag,
  techAnalysisTag,
  type ContentType,
} from '@pulse/contracts';
import { articleBody, techAnalysisBody } from './page-body';
import type { ArticlePage, TechAnalysisPage } from './page-data';
import type { PageDataSource } from './page-data.source';
import { INDEX_FOLLOW, renderHead, type PageHead } from './page-head';
import { matchPageRoute, type PageRoute } from './page-route';
import {
  QUESTION_NOT_FOUND_BODY,
  QUESTION_NOT_FOUND_TEXT,
  questionBody,
  questionHead,
} from './question-page';
import { NOSCRIPT_ONLY, type PageRenderer, type RenderedPage } from './page-renderer';
import type { ShellTemplate } from './shell-template';
import { NOT_FOUND_PAGE, notFoundPage, SITE_DESCRIPTION, type PageText } from './static-pages';
import { breadcrumbData, newsArticleData, techArticleData, webSiteData } from './structured-data';
import { absoluteUrl, plainTextFromHtml } from './text';

/** Readable without JavaScript too; the shell's not-found page replaces it when it starts. */
const NOT_FOUND_BODY =
  '<main><h1>404 Page Not Found</h1><p>요청하신 페이지가 존재하지 않거나 이동되었습니다.</p><p><a href="/">홈으로</a></p></main>';

export type RenderedDocument =
  | {
      statusCode: 200 | 404 | 503;
      html: string;
      retryAfterS?: number;
      /** What the page shows, as the services tag it (@pulse/contracts cache-purge.ts): a purge drops it. */
      tags?: string[];
      /** CSP sources of the styles written into its head (a remote's stylesheet), for its style-src. */
      styleHashes?: string[];
    }
  | { statusCode: 301; location: string };

/**
 * An upstream outage: 503 with Retry-After, so a crawler retries later instead of indexing a generic page
 * or dropping the URL; readers get the shell, which loads the page itself once the service is back.
 */
const OUTAGE_RETRY_AFTER_S = 30;
const NO_INDEX_OUTAGE = 'noindex, follow';
const OUTAGE_BODY =
  '<main><h1>잠시 후 다시 시도해 주세요</h1><p>일시적으로 이 페이지를 불러올 수 없습니다.</p><p><a href="/">홈으로</a></p></main>';

/**
 * Past the render budget: a moment is enough, renders take milliseconds. The text is for readers without
 * JavaScript (in <noscript>); with it, the shell renders the page itself.
 */
const BUSY_RETRY_AFTER_S = 5;
const BUSY_BODY =
  '<main><h1>잠시 후 다시 시도해 주세요</h1><p>지금은 요청이 많아 이 페이지를 준비하지 못했습니다.</p><p><a href="/">홈으로</a></p></main>';

/** Link previews need some image; the shell's icon until a dedicated share image exists. */
// A 1200×630 share card (frontends/shell/public/og-default.png): previews ignore SVG images.
const DEFAULT_IMAGE_PATH = '/og-default.png';

/**
 * One article, one canonical URL: /article/{id} and the typed routes show the same article, and search
 * engines should keep one. News keeps /article/{id} (docs/spec-content.md §2: trending links there too), insights and
 * analyses their own screens; the content service's feeds and sitemaps use the same URLs.
 */
const CANONICAL_PREFIX: Record<ContentType, string> = {
  news: '/article/',
  insight: '/insights/',
  analysis: '/analysis/',
};

/** The front end's server render and how it reads the API for one request (page-renderer.ts, api-reader.ts). */
export interface ServerRendering {
  pages: PageRenderer;
  /** `tags` collects the cache tags of the answers read, so the document is purged with them. */
  readApi: (requestId: string, tags: Set<string>) => (path: string) => Promise<unknown>;
}

/** No server bundle: every document carries its text in <noscript>. */
const NO_SERVER_RENDERING: ServerRendering = {
  pages: NOSCRIPT_ONLY,
  readApi: () => () => Promise.resolve(undefined),
};

/**
 * Answers a front-end route with the shell's index.html and a server-rendered head (docs/design.md §8): the
 * route decides the status (404 for unknown routes and unknown ids, 301 for legacy category names), the
 * content service supplies articles. When it cannot, the page answers 503 with Retry-After and a generic,
 * unindexed head, so an outage never looks like deleted or empty pages to a crawler.
 */
export class DocumentRenderer {
  private readonly defaultImage: string;

  constructor(
    private readonly template: ShellTemplate,
    private readonly data: PageDataSource,
    private readonly siteUrl: string,
    /** Appended to every head: the inlined runtime configuration (see gateway.module.ts). */
    private readonly extraHead = '',
    /** The shell's pages and articles rendered by its own components, when its server bundle is built. */
    private readonly serverRendering: ServerRendering = NO_SERVER_RENDERING,
  ) {
    this.defaultImage = `${siteUrl}${DEFAULT_IMAGE_PATH}`;
  }

  async render(url: string, requestId: string): Promise<RenderedDocument> {
    const tags = new Set<string>();
    const document = await this.renderRoute(url, requestId, tags);
    return document.statusCode === 301 ? document : { ...document, tags: [...tags] };
  }

  private async renderRoute(url: string, requestId: string, tags: Set<string>): Promise<RenderedDocument> {
    const queryStart = url.indexOf('?');
    const pathname = queryStart < 0 ? url : url.slice(0, queryStart);
    const search = queryStart < 0 ? '' : url.slice(queryStart);
    const route = matchPageRoute(pathname, search);
    switch (route.kind) {
      case 'redirect':
        return { statusCode: 301, location: route.location };
      case 'not-found':
        return this.page(404, this.textHead(notFoundPage(route.of ?? 'page'), route.path), NOT_FOUND_BODY);
      case 'page': {
        const rendered = await this.serverRender(url, requestId, tags);
        // The front end knows its own routes: a path under its mount that none serves drew the not-found page.
        if (rendered?.status === 404)
          return this.page(404, this.textHead(NOT_FOUND_PAGE, route.path), NOT_FOUND_BODY, rendered);
        const head = {
          ...this.textHead(route.text, route.path),
          jsonLd: route.home ? [webSiteData(this.siteUrl)] : [],
        };
        return this.page(200, head, '', rendered);
      }
      case 'article':
        return this.articlePage(route, url, requestId, tags);
      case 'tech-analysis':
        return this.techAnalysisPage(route, url, requestId, tags);
      case 'question':
        return this.questionPage(route, url, requestId, tags);
    }
  }

  /** The page by the front end's components, or undefined for the <noscript> document. */
  private serverRender(url: string, requestId: string, tags: Set<string>): Promise<RenderedPage | undefined> {
    return this.serverRendering.pages.render(url, this.serverRendering.readApi(requestId, tags));
  }

  private async articlePage(
    route: Extract<PageRoute, { kind: 'article' }>,
    url: string,
    requestId: string,
    tags: Set<string>,
  ): Promise<RenderedDocument> {
    tags.add(articleTag(route.id));
    const lookup = await this.data.article(route.id, requestId);
    if (lookup.status === 'missing')
      return this.page(404, this.textHead(notFoundPage('article'), route.path), NOT_FOUND_BODY);
    if (lookup.status === 'unavailable') return this.outage(route.path);
    const article = lookup.value;
    const rendered = await this.serverRender(url, requestId, tags);
    const head = this.articleHead(article);
    // The hero image is the largest element of a rendered article (frontends/ui HeroImage, same URL).
    if (rendered && article.imageUrl) head.preloadImage = article.imageUrl;
    return this.page(200, head, articleBody(article, this.siteUrl), rendered);
  }

  /** Rendered by the tech-analysis remote's server module when it loads; else its text in <noscript>. */
  private async techAnalysisPage(
    route: Extract<PageRoute, { kind: 'tech-analysis' }>,
    url: string,
    requestId: string,
    tags: Set<string>,
  ): Promise<RenderedDocument> {
    const lookup = await this.data.techAnalysis(route.slug, requestId);
    if (lookup.status === 'found') tags.add(techAnalysisTag(lookup.value.id));
    if (lookup.status === 'missing')
      return this.page(404, this.textHead(notFoundPage('techAnalysis'), route.path), NOT_FOUND_BODY);
    if (lookup.status === 'unavailable') return this.outage(route.path);
    return this.page(
      200,
      this.techAnalysisHead(lookup.value, route.path),
      techAnalysisBody(lookup.value),
      await this.serverRender(url, requestId, tags),
    );
  }

  /**
   * The busy document (documents.plugin.ts, past the render budget): 503 with Retry-After and the site's
   * generic, unindexed head, so a crawler or a CDN comes back later rather than keeps it; the shell in it
   * renders the page in the reader's browser, as every page was before server rendering. Nothing is
   * fetched or rendered for it: it costs a template fill.
   */
  busy(url: string): { statusCode: 503; html: string; retryAfterS: number } {
    const queryStart = url.indexOf('?');
    const head = {
      ...this.genericHead(queryStart < 0 ? url : url.slice(0, queryStart)),
      robots: NO_INDEX_OUTAGE,
    };
    return { statusCode: 503, html: this.page(503, head, BUSY_BODY).html, retryAfterS: BUSY_RETRY_AFTER_S };
  }

  private outage(path: string): RenderedDocument {
    const head = { ...this.genericHead(path), robots: NO_INDEX_OUTAGE };
    return { ...this.page(503, head, OUTAGE_BODY), retryAfterS: OUTAGE_RETRY_AFTER_S };
  }

  /** docs/spec-community.md §2: a missing question is a 404 with its own not-found text and a link to the list. */
  /** Rendered by the qa remote's server module when it loads; else its text in <noscript>. */
  private async questionPage(
    route: Extract<PageRoute, { kind: 'question' }>,
    url: string,
    requestId: string,
    tags: Set<string>,
  ): Promise<RenderedDocument> {
    tags.add(questionTag(route.id));
    const lookup = await this.data.question(route.id, requestId);
    if (lookup.status === 'missing')
      return this.page(
        404,
        { ...this.textHead(QUESTION_NOT_FOUND_TEXT, route.path), robots: 'noindex' },
        QUESTION_NOT_FOUND_BODY,
      );
    if (lookup.status === 'unavailable') return this.outage(route.path);
    const { question, answers } = lookup.value;
    return this.page(
      200,
      questionHead(question, answers, this.siteUrl),
      questionBody(question, answers),
      await this.serverRender(url, requestId, tags),
    );
  }

  private articleHead(article: ArticlePage): PageHead {
    const canonicalPath = `${CANONICAL_PREFIX[article.type]}${encodeURIComponent(article.id)}`;
    const url = `${this.siteUrl}${canonicalPath}`;
    const image = absoluteUrl(article.imageUrl, this.siteUrl) ?? this.defaultImage;
    const tags = article.tags.map((tag) => tag.name);
    return {
      title: article.title,
      description: article.summary || plainTextFromHtml(article.content),
      canonicalPath,
      robots: INDEX_FOLLOW,
      ogType: 'article',
      image,
      article: {
        publishedTime: article.publishedAt,
        modifiedTime: article.updatedAt ?? undefined,
        section: article.primaryCategory ? CATEGORY_DEFINITIONS[article.primaryCategory].name : undefined,
        tags,
      },
      jsonLd: [
        newsArticleData(article, url, image, this.siteUrl),
        breadcrumbData(this.siteUrl, article, url),
      ],
    };
  }

  private techAnalysisHead(analysis: TechAnalysisPage, canonicalPath: string): PageHead {
    const url = `${this.siteUrl}${canonicalPath}`;
    return {
      title: analysis.title,
      description: analysis.executiveSummary || analysis.introduction,
      canonicalPath,
      robots: INDEX_FOLLOW,
      ogType: 'article',
      image: this.defaultImage,
      // docs/spec-content.md §2: the tech analysis page's keywords meta comes from its SEO keywords.
      keywords: analysis.seoKeywords,
      article: { publishedTime: analysis.publishedAt, tags: analysis.seoKeywords },
      jsonLd: [techArticleData(analysis, url, this.defaultImage, this.siteUrl)],
    };
  }

  private textHead(text: PageText, canonicalPath: string): PageHead {
    return {
      title: text.title,
      description: text.description,
      canonicalPath,
      robots: text.robots ?? INDEX_FOLLOW,
      ogType: 'website',
      image: this.defaultImage,
      jsonLd: [],
    };
  }

  /** The content service could not say what the page holds: the site's own head, still indexable. */
  private genericHead(canonicalPath: string): PageHead {
    return this.textHead({ title: '', description: SITE_DESCRIPTION }, canonicalPath);
  }

  private page(
    statusCode: 200 | 404 | 503,
    head: PageHead,
    body = '',
    rendered?: RenderedPage,
  ): { statusCode: 200 | 404 | 503; html: string; styleHashes?: string[] } {
    return {
      statusCode,
      html: this.template.render({ head: renderHead(head, this.siteUrl) + this.extraHead, body, rendered }),
      ...(rendered?.inlineStyle ? { styleHashes: [rendered.inlineStyle.hash] } : {}),
    };
  }
}
