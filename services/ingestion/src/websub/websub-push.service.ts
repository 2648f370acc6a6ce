import {
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { withSpan, CLOCK, type Clock } from '@pulse/platform';
import { decodeBody } from '../fetching';
import { CollectedStoryRepository } from '../pipeline/collected-story.repository';
import { FeedReader } from '../pipeline/feed-reader.service';
import type { FetchOutcome } from '../pipeline/pipeline.types';
import { RunTally } from '../pipeline/run-tally';
import { StoryCollector } from '../pipeline/story-collector.service';
import type { RunDocument, RunOutcome } from '../runs/run.record';
import { RunRecorder } from '../runs/run-recorder.service';
import { INTERNAL_FAILURE } from '../runs/error-category';
import { RunQueue } from '../schedule/run-queue';
import type { SourceDocument } from '../sources/source.record';
import { IngestionPurges } from '../sources/ingestion-purges';
import { SourceRepository } from '../sources/source.repository';
import { isValidSignature } from './hub-signature';
import { WebSubSubscriptions } from './websub-subscriptions.service';

/**
 * A hub's content distribution: accepted only for a live subscription and only with an X-Hub-Signature
 * that is the HMAC of the exact bytes under that subscription's secret. Anything else is refused before
 * a byte is parsed. An accepted document goes through the same parse → cluster → store-with-event path
 * as a poll (FeedReader, StoryCollector), so a story both pushed and polled is stored once; it is
 * recorded as a 'push' run, and the source's schedule is left alone.
 */
@Injectable()
export class WebSubPushService {
  constructor(
    private readonly subscriptions: WebSubSubscriptions,
    private readonly sources: SourceRepository,
    private readonly stories: CollectedStoryRepository,
    private readonly reader: FeedReader,
    private readonly collector: StoryCollector,
    private readonly recorder: RunRecorder,
    private readonly purges: IngestionPurges,
    private readonly queue: RunQueue,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async receive(
    id: string | null,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer | null,
  ): Promise<void> {
    const subscription = await this.subscriptions.live(id);
    if (!subscription) throw new NotFoundException('No such subscription');
    // The body parser (websub-body.parser.ts) keeps feed types as bytes; anything else is not a feed.
    if (!body) throw new UnsupportedMediaTypeException('Not a feed document type');
    const signature = headers['x-hub-signature'];
    if (!isValidSignature(Array.isArray(signature) ? signature[0] : signature, subscription.secret, body))
      throw new ForbiddenException('X-Hub-Signature does not match');
    const source = await this.sources.findById(subscription.sourceId);
    if (!source) throw new NotFoundException('No such subscription');
    // A paused source collects nothing, pushed or polled; the hub is answered as usual so it does not retry.
    if (source.paused) return;
    const contentType = typeof headers['content-type'] === 'string' ? headers['content-type'] : undefined;
    await this.subscriptions.pushed(subscription);
    // Decoded as a fetched feed is (BOM, Content-Type, XML declaration), then read like one.
    const { text, charset } = decodeBody(body, contentType);
    // In a slot of INGESTION_CONCURRENCY like a poll, and never beside a poll of the same source.
    await this.queue.pushed(source._id, () =>
      this.ingest(source, {
        kind: 'fetched',
        status: 200,
        finalUrl: subscription.topic,
        ...(contentType ? { contentType } : {}),
        text,
        charset,
        bytes: body.length,
        durationMs: 0,
      }),
    );
  }

  private ingest(
    source: SourceDocument,
    pushed: Extract<FetchOutcome, { kind: 'fetched' }>,
  ): Promise<RunDocument> {
    return withSpan('ingestion.push', async (span) => {
      span.setAttributes({ 'pulse.source.id': source._id, 'pulse.run.trigger': 'push' });
      const startedAt = this.clock.now();
      const tally = new RunTally();
      let error: string | null = null;
      try {
        const items = await this.reader.read(source, pushed, tally);
        await this.collector.collect(source, items, new Date(startedAt).toISOString(), tally);
      } catch (failure) {
        // A store outage: recorded like a failed poll; the hub's next push or the next poll brings it.
        error = `${(failure as Error).name}: ${(failure as Error).message}`;
      }
      const outcome: RunOutcome = error ? 'failed' : 'ok';
      const run = await this.recorder.record(source, 'push', startedAt, tally, {
        outcome,
        httpStatus: null,
        error,
        errorCategory: error ? INTERNAL_FAILURE : null,
      });
      await this.sources.recordStoryCount(source._id, await this.stories.countBySource(source._id));
      await this.purges.runFinished();
      return run;
    });
  }
}
