import type { ArticleCollectedPayload, EventEnvelope } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { RunQueue } from '../schedule/run-queue';
import {
  COLLECTED_STORIES,
  CollectedStoryRepository,
  type CollectedStory,
} from './collected-story.repository';
import { fetched } from '../../testing/pipeline/fake-stages';
import {
  admin,
  sourceBody,
  collectArticleEvents,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';

describe('a near-duplicate joining a story', () => {
  let t: IngestionTestApp;
  let collected: Array<EventEnvelope<ArticleCollectedPayload>> = [];
  const ids: Record<string, string> = {};

  const run = async (key: string) => {
    await eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
    t.clock.advance(1000);
    await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/runs',
      headers: admin,
      payload: { sourceId: ids[key] },
    });
    await eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
  };
  const stories = () => t.store.collection<CollectedStory>(COLLECTED_STORIES);

  beforeAll(async () => {
    t = await startIngestionTestApp({ config: { INGESTION_FIRST_RUN_DELAY_SECONDS: 86_400 } });
    collected = await collectArticleEvents(t);
    t.stages
      .respond(
        'https://feeds.example/first.xml',
        fetched({
          items: [
            {
              title: 'Chip maker unveils AI accelerator',
              link: 'https://first.example/chip',
              summary: 'The first lead.',
              bodyHtml: '<p>First body.</p>',
            },
          ],
        }),
      )
      .respond(
        'https://feeds.example/second.xml',
        fetched({
          items: [
            {
              title: 'CHIP MAKER UNVEILS AI ACCELERATOR',
              link: 'https://second.example/chip?utm_source=x',
              summary: 'Another lead.',
              bodyHtml: '<p>Second body.</p>',
            },
          ],
        }),
      );
    for (const key of ['first', 'second']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ingestion/sources',
        headers: admin,
        payload: sourceBody({ name: key, url: `https://feeds.example/${key}.xml` }),
      });
      ids[key] = response.json<{ id: string }>().id;
    }
  });
  afterAll(() => t.close());

  it('stores one more article.collected for the cluster with every source and the first text', async () => {
    await run('first');
    await eventually(() => expect(collected).toHaveLength(1));
    await run('second');
    await eventually(() => expect(collected).toHaveLength(2));
    const [first, join] = collected;
    expect(join.key).toBe(first.payload.clusterId);
    expect(join.payload).toMatchObject({
      clusterId: first.payload.clusterId,
      title: 'Chip maker unveils AI accelerator',
      summary: 'The first lead.',
      bodyHtml: first.payload.bodyHtml,
    });
    expect(join.payload.sources.map((s) => [s.sourceId, s.canonicalUrl])).toEqual([
      [ids.first, 'https://first.example/chip'],
      [ids.second, 'https://second.example/chip'],
    ]);
    const story = await stories().findOne({ _id: first.payload.clusterId }, { projection: { _outbox: 0 } });
    expect(story?.sources).toEqual(join.payload.sources);

    // The second source's next run finds the item again: a duplicate, and nothing more is announced.
    // Events are only stored by a write to the story (outbox), so an untouched story proves none was.
    const before = await stories().findOne({ _id: first.payload.clusterId }, { projection: { _outbox: 0 } });
    await run('second');
    const after = await stories().findOne({ _id: first.payload.clusterId }, { projection: { _outbox: 0 } });
    expect(after).toEqual(before);
    expect(collected).toHaveLength(2);
  });

  it('announces nothing for a source the story already lists, and caps the sources at 50', async () => {
    const repository = t.app.get(CollectedStoryRepository);
    const [first] = collected;
    const clusterId = first.payload.clusterId;
    const at = '2026-01-05T12:00:00.000Z';
    const story = (await stories().findOne({ _id: clusterId }))!;
    expect(
      await repository.addSourceWithEvent(clusterId, { ...first.payload, sources: story.sources }, at),
    ).toBe(false);

    const many = Array.from({ length: 60 }, (_, i) => ({
      ...story.sources[0],
      url: `https://many.example/${i}`,
      canonicalUrl: `https://many.example/${i}`,
    }));
    expect(await repository.addSourceWithEvent(clusterId, { ...first.payload, sources: many }, at)).toBe(
      true,
    );
    const last = await eventually(() => {
      expect(collected).toHaveLength(3);
      return collected[2];
    });
    expect(last.payload.sources).toHaveLength(50);
    expect(last.payload.sources.slice(0, 2)).toEqual(story.sources);
    expect(last.payload.title).toBe('Chip maker unveils AI accelerator');
    expect((await stories().findOne({ _id: clusterId }))?.sources).toHaveLength(50);
    // Full: another source changes nothing.
    const more = [{ ...many[0], canonicalUrl: 'https://late.example/x', url: 'https://late.example/x' }];
    expect(await repository.addSourceWithEvent(clusterId, { ...first.payload, sources: more }, at)).toBe(
      false,
    );
  });
});
