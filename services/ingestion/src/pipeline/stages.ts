import type {
  CanonicalItem,
  ClusterDecision,
  FetchOutcome,
  FetchRequest,
  ParseOutcome,
  ScrapeRules,
  SourceType,
} from './pipeline.types';

export interface ParseInput {
  text: string;
  contentType?: string;
  sourceType: SourceType;
  /** The final URL after redirects: relative links resolve against it. */
  url: string;
  scrape?: ScrapeRules;
}

/** What readability found on a scraped story's own page. */
export interface ExtractedArticle {
  title?: string;
  summary?: string;
  bodyHtml: string;
  imageUrl?: string;
}

/**
 * The pipeline's stages as the run service sees them (fetching/, parsing/, clustering/). An interface
 * rather than direct imports, so run tests drive every path with fakes and the real wiring is one
 * provider (pipeline-stages.provider.ts).
 */
export interface PipelineStages {
  /** Never throws: every failure is an outcome with its reason. */
  fetch(request: FetchRequest): Promise<FetchOutcome>;
  parse(input: ParseInput): ParseOutcome;
  /** Throws on a URL that cannot be canonicalised (the item is then rejected). */
  canonicalUrl(url: string): string;
  /**
   * What is recorded of these canonical URLs, read in one go for a feed's items: passed to `cluster`,
   * it saves each item its own lookup. An opaque snapshot; `cluster` copes with it being stale.
   */
  lookupSeen(canonicalUrls: string[]): Promise<SeenUrls>;
  /** Records the item in its cluster and says whether it is new, a near-duplicate or an exact duplicate. */
  cluster(item: CanonicalItem, seen?: SeenUrls): Promise<ClusterDecision>;
  /** After the story of a 'new' or 'joined' decision is stored: until then the URL is not a duplicate. */
  storyStored(item: CanonicalItem): Promise<void>;
  /** Scraped listings carry no body; it is read from the story's own page. Null when nothing readable. */
  extract(html: string, url: string): ExtractedArticle | null;
}

/** The URLs a lookupSeen asked about, each with its record (null: not recorded then). */
export type SeenUrls = ReadonlyMap<string, unknown>;

export const PIPELINE_STAGES = Symbol.for('pulse.ingestion.PipelineStages');
