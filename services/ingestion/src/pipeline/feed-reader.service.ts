import { Inject, Injectable } from '@nestjs/common';
import type { SourceDocument } from '../sources/source.record';
import type { FeedItem, FetchOutcome } from './pipeline.types';
import type { RunTally } from './run-tally';
import { PIPELINE_STAGES, type PipelineStages } from './stages';

/** Items read from one API listing per run; Hacker News lists 500 ids, and every item is a request. */
export const API_ITEMS_PER_RUN = 30;

type Fetched = Extract<FetchOutcome, { kind: 'fetched' }>;
/** What reading needs of a source: a saved one, or one an admin is previewing before saving it. */
export type ReadableSource = Pick<SourceDocument, 'sourceType' | 'scrape' | 'allowPrivateNetwork'>;

/** Matches an id listing such as Hacker News' topstories.json: `[4242, 4243, …]`. */
function listedIds(text: string): number[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((id) => Number.isSafeInteger(id)) ? (value as number[]) : null;
  } catch {
    return null;
  }
}

/**
 * Turns a fetched body into feed items. A JSON API that answers with a list of ids (the Hacker News
 * API) is followed to each item endpoint (`…/v0/item/<id>.json`), whose JSON the parser reads.
 */
@Injectable()
export class FeedReader {
  constructor(@Inject(PIPELINE_STAGES) private readonly stages: PipelineStages) {}

  async read(source: ReadableSource, fetched: Fetched, tally: RunTally): Promise<FeedItem[]> {
    const ids = source.sourceType === 'api' ? listedIds(fetched.text) : null;
    if (ids) return this.readListedItems(source, fetched.finalUrl, ids.slice(0, API_ITEMS_PER_RUN), tally);
    const parsed = this.stages.parse({
      text: fetched.text,
      contentType: fetched.contentType,
      sourceType: source.sourceType,
      url: fetched.finalUrl,
      scrape: source.scrape ?? undefined,
    });
    for (const rejected of parsed.rejected) tally.reject(`parse: ${rejected.reason}`, rejected.title);
    return parsed.items;
  }

  private async readListedItems(
    source: ReadableSource,
    listUrl: string,
    ids: number[],
    tally: RunTally,
  ): Promise<FeedItem[]> {
    const items: FeedItem[] = [];
    for (const id of ids) {
      const url = new URL(`item/${id}.json`, listUrl).href;
      const outcome = await this.stages.fetch({ url, allowPrivateNetwork: source.allowPrivateNetwork });
      if (outcome.kind !== 'fetched') {
        tally.reject(`item ${id}: ${outcome.kind === 'failed' ? outcome.reason : 'not modified'}`);
        continue;
      }
      const parsed = this.stages.parse({
        text: outcome.text,
        contentType: outcome.contentType,
        sourceType: 'api',
        url: outcome.finalUrl,
      });
      for (const rejected of parsed.rejected) tally.reject(`parse: ${rejected.reason}`, rejected.title);
      items.push(...parsed.items);
    }
    return items;
  }
}
