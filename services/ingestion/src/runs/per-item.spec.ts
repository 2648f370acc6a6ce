import type { ArticleCollectedPayload, EventEnvelope } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { parseFeed } from '../parsing';
import { hostileFixture } from '../../testing/parsing/test-fixtures';
import type { FetchOutcome } from '../pipeline/pipeline.types';
import type { ParseInput } from '../pipeline/stages';
import { FakeStages } from '../../testing/pipeline/fake-stages';
import {
  admin,
  collectArticleEvents,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import { RunQueue } from '../schedule/run-queue';
import type { RunView } from './run.record';

/** The fake network and clusterer, with the real parser: what a feed's own bytes do to a run. */
class RealParserStages extends FakeStages {
  // FakeStages declares its own format ('rss2'); the real parser's union is wider, and the run ignores it.
  override parse(input: ParseInput) {
    return parseFeed(input) as ReturnType<FakeStages['parse']>;
  }
}

const FEED_URL = 'https://feeds.example/one-bad-item.xml';
const served = (text: string): FetchOutcome => ({
  kind: 'fetched',
  status: 200,
  finalUrl: FEED_URL,
  contentType: 'application/rss+xml',
  text,
  charset: 'utf-8',
  bytes: text.length,
  durationMs: 3,
});

/**
 * Feeds degrade per item (docs/pipeline.md 'The news pipeline'): a run of a feed with two broken items collects the other three,
 * ends 'ok', and its record says which items were dropped and why.
 */
describe('a run of a feed with broken items', () => {
  let t: IngestionTestApp;
  let collected: Array<EventEnvelope<ArticleCollectedPayload>> = [];

  beforeAll(async () => {
    t = await startIngestionTestApp({
      stages: new RealParserStages(),
      config: { INGESTION_FIRST_RUN_DELAY_SECONDS: 86_400 },
    });
    collected = await collectArticleEvents(t);
    t.stages.respond(FEED_URL, served(hostileFixture('one-bad-item.xml')));
  });
  afterAll(() => t.close());

  it('collects every sound item and records the dropped ones with why', async () => {
    const source = await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/sources',
      headers: admin,
      payload: sourceBody({ name: 'one bad item', url: FEED_URL }),
    });
    const sourceId = source.json<{ id: string }>().id;
    await t.app.inject({ method: 'POST', url: '/api/ingestion/runs', headers: admin, payload: { sourceId } });
    const [run] = await eventually(async () => {
      const runs = (
        await t.app.inject({ method: 'GET', url: `/api/ingestion/runs?sourceId=${sourceId}` })
      ).json<RunView[]>();
      expect(runs).toHaveLength(1);
      return runs;
    });
    await eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
    expect(run).toMatchObject({ outcome: 'ok', errorCategory: null, itemsNew: 3, itemsRejected: 2 });
    expect(run.rejections).toEqual([
      {
        reason: expect.stringMatching(/^parse: item 2 \(line 13\): malformed XML: Expected closing tag 'b'/),
        title: 'Unclosed markup in a title',
      },
      {
        reason: expect.stringMatching(/^parse: item 4 \(line 24\): malformed XML/),
        title: 'Hostile enclosure',
      },
    ]);
    await eventually(() => expect(collected).toHaveLength(3));
    expect(collected.map((event) => event.payload.title).sort()).toEqual([
      'Chipmaker posts record quarter on AI demand',
      'Exchange lists a new stablecoin',
      'Search giant opens a cloud region in Seoul',
    ]);
  });
});
