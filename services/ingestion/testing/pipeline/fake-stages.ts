import type {
  CanonicalItem,
  ClusterDecision,
  FeedItem,
  FetchOutcome,
  FetchRequest,
} from '../../src/pipeline/pipeline.types';
import type { ExtractedArticle, ParseInput, PipelineStages, SeenUrls } from '../../src/pipeline/stages';

type Responder = (request: FetchRequest) => FetchOutcome | Promise<FetchOutcome>;

/** A feed body the fake parser reads: items, plus items the "parser" rejects with a reason. */
export interface FakeFeed {
  items: Array<Partial<FeedItem> & { title: string; link: string }>;
  rejected?: Array<{ reason: string; title?: string }>;
}

export const fetched = (body: FakeFeed, extra: { etag?: string; status?: number } = {}): FetchOutcome => ({
  kind: 'fetched',
  status: extra.status ?? 200,
  finalUrl: 'https://feeds.example/',
  text: JSON.stringify(body),
  charset: 'utf-8',
  bytes: 100,
  etag: extra.etag,
  durationMs: 5,
});

/**
 * Test support: stages that answer from tables. Clustering is in memory: the same canonical URL is a
 * duplicate, the same title (case-insensitive) from elsewhere joins that story, anything else is new.
 */
export class FakeStages implements PipelineStages {
  readonly fetches: FetchRequest[] = [];
  /** Canonical URLs whose story the collector confirmed stored. */
  readonly storiesStored: string[] = [];
  private readonly responders = new Map<string, Responder>();
  private readonly byUrl = new Map<string, string>();
  private readonly byTitle = new Map<string, string>();
  private clusters = 0;

  respond(url: string, responder: Responder | FetchOutcome): this {
    this.responders.set(url, typeof responder === 'function' ? responder : () => responder);
    return this;
  }

  async fetch(request: FetchRequest): Promise<FetchOutcome> {
    this.fetches.push(request);
    const responder = this.responders.get(request.url);
    if (!responder)
      return {
        kind: 'failed',
        reason: 'network',
        code: 'ENOTFOUND',
        message: 'ENOTFOUND: getaddrinfo ENOTFOUND',
        durationMs: 1,
      };
    return responder(request);
  }

  parse(input: ParseInput) {
    const feed = JSON.parse(input.text) as FakeFeed;
    return {
      format: 'rss2' as const,
      items: feed.items.map((item) => ({ youtubeIds: [], ...item })),
      rejected: feed.rejected ?? [],
    };
  }

  canonicalUrl(url: string): string {
    const parsed = new URL(url); // throws on a bad link, as the real one does
    parsed.search = '';
    parsed.hash = '';
    return parsed.href;
  }

  async lookupSeen(): Promise<SeenUrls> {
    return new Map();
  }

  async cluster(item: CanonicalItem): Promise<ClusterDecision> {
    const known = this.byUrl.get(item.canonicalUrl);
    if (known) return { outcome: 'duplicate', clusterId: known };
    const title = item.title.toLowerCase();
    const sameStory = this.byTitle.get(title);
    this.byUrl.set(item.canonicalUrl, sameStory ?? `cluster-${++this.clusters}`);
    if (sameStory) return { outcome: 'joined', clusterId: sameStory };
    this.byTitle.set(title, `cluster-${this.clusters}`);
    return { outcome: 'new', clusterId: `cluster-${this.clusters}` };
  }

  async storyStored(item: CanonicalItem): Promise<void> {
    this.storiesStored.push(item.canonicalUrl);
  }

  extract(html: string): ExtractedArticle | null {
    return html ? { bodyHtml: `<p>${html}</p>` } : null;
  }
}
