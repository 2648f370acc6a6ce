import { Inject, Injectable } from '@nestjs/common';
import {
  SOURCE_PREVIEW_ITEMS,
  type PreviewSourceBody,
  type SourcePreviewItem,
  type SourcePreviewResponse,
} from '@pulse/contracts';
import { FeedReader } from '../pipeline/feed-reader.service';
import type { FeedItem } from '../pipeline/pipeline.types';
import { RunTally } from '../pipeline/run-tally';
import { PIPELINE_STAGES, type PipelineStages } from '../pipeline/stages';
import { fetchFailureCategory, INTERNAL_FAILURE } from '../runs/error-category';
import { INGESTION_CONFIG, type IngestionConfig } from '../schedule/ingestion.config';
import { refusePrivateNetworkUnlessAllowed } from './private-network';

/** Long enough to say what the item is about, short enough for five of them side by side. */
const SUMMARY_CHARS = 200;

/**
 * What a source would read before an admin saves it: fetched through the same guard and read by the same
 * reader as a run, so the preview cannot promise items a run would not find. Nothing is stored, clustered
 * or emitted, and no WebSub subscription is asked for.
 */
@Injectable()
export class SourcePreviewService {
  constructor(
    @Inject(PIPELINE_STAGES) private readonly stages: PipelineStages,
    private readonly reader: FeedReader,
    @Inject(INGESTION_CONFIG) private readonly config: IngestionConfig,
  ) {}

  async preview(body: PreviewSourceBody): Promise<SourcePreviewResponse> {
    refusePrivateNetworkUnlessAllowed(body.allowPrivateNetwork, this.config);
    const fetched = await this.stages.fetch({ url: body.url, allowPrivateNetwork: body.allowPrivateNetwork });
    if (fetched.kind === 'failed')
      return {
        outcome: 'failed',
        errorCategory: fetchFailureCategory(fetched),
        error: `fetch ${fetched.reason}: ${fetched.message}`,
      };
    // No validators were sent, so a 304 cannot come; were one to, there is nothing to read.
    if (fetched.kind === 'not-modified')
      return { outcome: 'ok', finalUrl: fetched.finalUrl, itemsFound: 0, itemsRejected: 0, items: [] };
    const tally = new RunTally();
    try {
      const items = await this.reader.read(body, fetched, tally);
      return {
        outcome: 'ok',
        finalUrl: fetched.finalUrl,
        itemsFound: items.length,
        itemsRejected: tally.itemsRejected,
        items: items.slice(0, SOURCE_PREVIEW_ITEMS).map(toPreviewItem),
      };
    } catch (failure) {
      // A parser bug on a hostile document: said as a run would record it, not a 500 on the admin's form.
      return {
        outcome: 'failed',
        errorCategory: INTERNAL_FAILURE,
        error: `${(failure as Error).name}: ${(failure as Error).message}`,
      };
    }
  }
}

function toPreviewItem(item: FeedItem): SourcePreviewItem {
  return {
    title: item.title,
    link: item.link,
    publishedAt: item.publishedAt ?? null,
    summary: item.summary ? item.summary.slice(0, SUMMARY_CHARS) : null,
  };
}
