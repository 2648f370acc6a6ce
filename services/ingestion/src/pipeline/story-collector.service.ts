import { Inject, Injectable } from '@nestjs/common';
import { contractProblem, toArticleCollectedPayload } from '../events/article-collected.payload';
import type { SourceDocument } from '../sources/source.record';
import { CollectedStoryRepository } from './collected-story.repository';
import type { CanonicalItem, FeedItem } from './pipeline.types';
import type { RunTally } from './run-tally';
import { PIPELINE_STAGES, type PipelineStages } from './stages';

/**
 * canonicalise → cluster → store. A new story is stored with its article.collected event in one write.
 * A near-duplicate ('joined') is added to its story's sources, and the same write stores another
 * article.collected for the cluster listing every source so far with the story's first text; translation
 * merges the sources into the article it already has, without translating again (docs/design.md §4: no double
 * translation). Exact duplicates are only counted, except one whose story a run cut short never stored:
 * that story is written now, so an outage between the clustering and the story loses nothing.
 */
@Injectable()
export class StoryCollector {
  constructor(
    @Inject(PIPELINE_STAGES) private readonly stages: PipelineStages,
    private readonly stories: CollectedStoryRepository,
  ) {}

  async collect(
    source: SourceDocument,
    items: FeedItem[],
    collectedAt: string,
    tally: RunTally,
  ): Promise<void> {
    const seen = new Set<string>();
    const toCluster: CanonicalItem[] = [];
    for (const feedItem of items) {
      const item = this.canonical(source, feedItem, tally);
      if (!item) continue;
      // One feed listing a story twice is a duplicate, and must not reach the clusterer as two stories.
      if (seen.has(item.canonicalUrl)) {
        tally.itemsDuplicate += 1;
        continue;
      }
      seen.add(item.canonicalUrl);
      // Checked before clustering, so a story the contract refuses never becomes a cluster without an event.
      const problem = this.payloadProblem(item, collectedAt);
      if (problem) {
        tally.reject(`contract: ${problem}`, item.title);
        continue;
      }
      toCluster.push(item);
    }
    if (toCluster.length === 0) return;
    // The feed's URLs looked up in one read rather than one per item (most are known on a re-read feed).
    const recorded = await this.stages.lookupSeen(toCluster.map((item) => item.canonicalUrl));
    for (const item of toCluster) {
      const decision = await this.stages.cluster(item, recorded);
      const story = decision.outcome === 'duplicate' ? decision.unconfirmed : decision.outcome;
      if (!story) {
        tally.itemsDuplicate += 1;
        continue;
      }
      let stored: boolean;
      if (story === 'joined') {
        stored = await this.stories.addSourceWithEvent(
          decision.clusterId,
          toArticleCollectedPayload(item, decision.clusterId, collectedAt),
          collectedAt,
        );
      } else {
        const withBody =
          source.sourceType === 'scrape' ? await this.withBody(source, item, collectedAt) : item;
        stored = await this.stories.insertWithEvent(
          toArticleCollectedPayload(withBody, decision.clusterId, collectedAt),
        );
      }
      // Only now is the URL a plain duplicate for later runs (ClusteredItemDocument.storyWritten).
      await this.stages.storyStored(item);
      // A fresh join counts as one even when the story had no room for another source.
      const fresh = decision.outcome !== 'duplicate';
      if (story === 'joined' && (stored || fresh)) tally.itemsJoined += 1;
      else if (story === 'new' && stored) tally.itemsNew += 1;
      else tally.itemsDuplicate += 1;
    }
  }

  /**
   * Why the item's event would be refused, or null. A value that makes building it throw (the sanitiser
   * on some hostile body) costs that item, not the rest of the feed; the store's and bus's errors are not
   * caught here, so an outage still fails the run and its source backs off.
   */
  private payloadProblem(item: CanonicalItem, collectedAt: string): string | null {
    try {
      return contractProblem(toArticleCollectedPayload(item, 'unassigned', collectedAt));
    } catch (error) {
      return `unreadable item: ${(error as Error).message}`.slice(0, 300);
    }
  }

  private canonical(source: SourceDocument, item: FeedItem, tally: RunTally): CanonicalItem | null {
    try {
      const canonicalUrl = this.stages.canonicalUrl(item.link);
      return { ...item, sourceId: source._id, sourceName: source.name, canonicalUrl };
    } catch (error) {
      tally.reject(`bad link: ${(error as Error).message}`, item.title);
      return null;
    }
  }

  /** A scraped listing has no body: readability reads it from the story's page; without it, the summary stands. */
  private async withBody(
    source: SourceDocument,
    item: CanonicalItem,
    collectedAt: string,
  ): Promise<CanonicalItem> {
    if (item.bodyHtml) return item;
    const page = await this.stages.fetch({ url: item.link, allowPrivateNetwork: source.allowPrivateNetwork });
    if (page.kind !== 'fetched') return item;
    const article = this.stages.extract(page.text, page.finalUrl);
    if (!article) return item;
    const merged: CanonicalItem = {
      ...item,
      bodyHtml: article.bodyHtml,
      summary: item.summary ?? article.summary,
      imageUrl: item.imageUrl ?? article.imageUrl,
    };
    // A body past the contract's bound falls back to the listing's text rather than losing the story.
    return contractProblem(toArticleCollectedPayload(merged, 'unassigned', collectedAt)) ? item : merged;
  }
}
