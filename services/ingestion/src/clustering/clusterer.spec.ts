import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore } from '@pulse/platform';
import { TestClock } from '@pulse/testing';
import type { CanonicalItem, ClusterDecision } from '../pipeline/pipeline.types';
import {
  CLUSTERED_ITEMS_COLLECTION,
  CLUSTERS_COLLECTION,
  type ClusterDocument,
  type ClusteredItemDocument,
} from './cluster.documents';
import { Clusterer } from './clusterer';
import { loadLabelledItems } from '../../testing/clustering/labelled-items.fixture';
import { formatPairAccuracy, pairAccuracy } from '../../testing/clustering/pair-accuracy';

const earliestLabelled = () =>
  loadLabelledItems()
    .map((labelled) => labelled.publishedAt!)
    .sort()[0];

describe('Clusterer over the embedded store', () => {
  let dataDir: string;
  let store: EmbeddedDocumentStore;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-clusterer-'));
    store = await EmbeddedDocumentStore.open({ dataDir });
  });

  afterEach(async () => {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const item = (overrides: Partial<CanonicalItem>): CanonicalItem => ({
    title: 'Solana network halts for five hours',
    link: 'https://ledgerline.example/solana/network-halt',
    canonicalUrl: 'https://ledgerline.example/solana/network-halt',
    summary: 'Block production stopped for about five hours before validators restarted the network.',
    publishedAt: '2025-03-04T04:00:00.000Z',
    sourceId: 'ledgerline',
    sourceName: 'Ledgerline',
    youtubeIds: [],
    ...overrides,
  });

  // The labelled items are from March 2025: on today's clock they are older than the recent clusters kept
  // in memory and are matched by the store's query; on a clock of their own time, from memory.
  it.each([
    ['by the store query', undefined],
    ['from the recent clusters in memory', new TestClock(earliestLabelled())],
  ])(
    'clusters the labelled items as labelled (≥ 95%% of pairs) and reports exact duplicates, %s',
    async (_, clock) => {
      const clusterer = new Clusterer(store, { clock });
      const items = loadLabelledItems();
      const decisions: ClusterDecision[] = [];
      for (const labelled of items) decisions.push(await clusterer.assign(labelled));

      const clusterOf = new Map(items.map((labelled, i) => [labelled, decisions[i].clusterId]));
      const result = pairAccuracy(
        items,
        (labelled) => labelled.story,
        (a, b) => clusterOf.get(a) === clusterOf.get(b),
      );
      const counts = { new: 0, joined: 0, duplicate: 0 };
      for (const decision of decisions) counts[decision.outcome]++;
      console.log(
        `${formatPairAccuracy('Clusterer over the labelled set', result)}; ` +
          `decisions: ${counts.new} new, ${counts.joined} joined, ${counts.duplicate} duplicate; ` +
          `${new Set(items.map((i) => i.story)).size} labelled stories`,
      );
      expect(result.accuracy).toBeGreaterThanOrEqual(0.95);

      // Exactly the items marked as re-posts are duplicates, of the cluster their original went to.
      items.forEach((labelled, i) => {
        expect({ link: labelled.link, outcome: decisions[i].outcome === 'duplicate' }).toEqual({
          link: labelled.link,
          outcome: labelled.exactDuplicate === true,
        });
      });

      // A cluster lists every original source's URL once.
      const clusters = await store.collection<ClusterDocument>(CLUSTERS_COLLECTION).find({});
      expect(clusters).toHaveLength(counts.new);
      const distinctUrls = new Set(items.map((i) => i.canonicalUrl));
      expect(clusters.flatMap((c) => c.canonicalUrls).sort()).toEqual([...distinctUrls].sort());
      const funding = clusters.find(
        (c) => c._id === decisions[items.findIndex((i) => i.story === 'openai-funding')].clusterId,
      )!;
      expect(funding.sources.map((s) => s.sourceId).sort()).toEqual([
        'aiobserver',
        'bytewire',
        'circuit',
        'siliconpost',
      ]);
    },
  );

  it('a new process loads the recent clusters from the store and joins a story to them', async () => {
    const clock = new TestClock('2025-03-04T06:00:00.000Z');
    const first = await new Clusterer(store, { clock }).assign(item({}));
    const restarted = new Clusterer(store, { clock });
    const joined = await restarted.assign(
      item({
        link: 'https://chainwire.example/solana-outage',
        canonicalUrl: 'https://chainwire.example/solana-outage',
        title: 'Solana network halts for five hours',
        sourceId: 'chainwire',
        sourceName: 'Chainwire',
        publishedAt: '2025-03-04T05:00:00.000Z',
      }),
    );
    expect(joined).toEqual({ outcome: 'joined', clusterId: first.clusterId });
  });

  it('a replica catches up on the clusters another wrote since it loaded, within seconds', async () => {
    const clock = new TestClock('2025-03-04T06:00:00.000Z');
    const [a, b] = [new Clusterer(store, { clock }), new Clusterer(store, { clock })];
    // b has loaded its recent clusters (an unrelated story) before a writes the Solana one.
    await b.assign(
      item({
        canonicalUrl: 'https://chipwire.example/nvidia-earnings',
        title: 'Nvidia reports record data center revenue',
        summary: 'Quarterly data center sales beat estimates on demand for AI accelerators.',
      }),
    );
    const first = await a.assign(item({}));
    // Once the catch-up interval has passed, b's next item of that story joins a's cluster.
    clock.advance(5_000);
    const joined = await b.assign(
      item({
        canonicalUrl: 'https://chainwire.example/solana-outage',
        sourceId: 'chainwire',
        sourceName: 'Chainwire',
        publishedAt: '2025-03-04T05:00:00.000Z',
      }),
    );
    expect(joined).toEqual({ outcome: 'joined', clusterId: first.clusterId });
  });

  it('says duplicate for a URL seen before, new and joined otherwise', async () => {
    const clusterer = new Clusterer(store);
    const first = await clusterer.assign(item({}));
    expect(first.outcome).toBe('new');
    await clusterer.storyStored(item({}).canonicalUrl);
    expect(await clusterer.assign(item({}))).toEqual({ outcome: 'duplicate', clusterId: first.clusterId });
    const joined = await clusterer.assign(
      item({
        canonicalUrl: 'https://chainbrief.example/solana-outage',
        sourceId: 'chainbrief',
        sourceName: 'ChainBrief',
        title: 'Solana validators restart blockchain after five-hour outage',
        summary:
          'Validators restarted the Solana network after block production stopped for about five hours.',
        publishedAt: '2025-03-04T06:00:00.000Z',
      }),
    );
    expect(joined).toEqual({ outcome: 'joined', clusterId: first.clusterId });
    const cluster = await clusterer.cluster(first.clusterId);
    expect(cluster?.sources.map((s) => s.sourceId)).toEqual(['ledgerline', 'chainbrief']);
    expect(cluster?.firstSeenAt).toBe('2025-03-04T04:00:00.000Z');
    expect(cluster?.lastSeenAt).toBe('2025-03-04T06:00:00.000Z');
  });

  it('does not join the same words outside the time window', async () => {
    const clusterer = new Clusterer(store);
    const first = await clusterer.assign(item({}));
    const later = await clusterer.assign(
      item({
        canonicalUrl: 'https://chainbrief.example/solana-again',
        publishedAt: '2025-03-09T04:00:00.000Z',
      }),
    );
    expect(later.outcome).toBe('new');
    expect(later.clusterId).not.toBe(first.clusterId);
  });

  it('lets exactly one of concurrent calls for one URL through', async () => {
    // Two clusterers over one store stand for two ingestion replicas.
    const a = new Clusterer(store);
    const b = new Clusterer(store);
    const decisions = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).assign(item({}))),
    );
    expect(decisions.filter((d) => d.outcome === 'new')).toHaveLength(1);
    expect(decisions.filter((d) => d.outcome === 'duplicate')).toHaveLength(7);
    // The winner has not stored its story yet: the others say so, and their idempotent write is a no-op.
    expect(decisions.filter((d) => d.outcome === 'duplicate' && d.unconfirmed === 'new')).toHaveLength(7);
    expect(new Set(decisions.map((d) => d.clusterId)).size).toBe(1);
    expect(await store.collection(CLUSTERS_COLLECTION).countDocuments()).toBe(1);
    expect(await store.collection(CLUSTERED_ITEMS_COLLECTION).countDocuments()).toBe(1);
    const cluster = await a.cluster(decisions[0].clusterId);
    expect(cluster?.canonicalUrls).toEqual([item({}).canonicalUrl]);
  });

  it('finishes a cluster write left undone by a crash when the URL comes again', async () => {
    const clusterer = new Clusterer(store);
    // What a crash between the item insert and the cluster update leaves behind.
    await store.collection<ClusteredItemDocument>(CLUSTERED_ITEMS_COLLECTION).insertOne({
      _id: item({}).canonicalUrl,
      canonicalUrl: item({}).canonicalUrl,
      clusterId: 'c-crashed',
      outcome: 'new',
      sourceId: 'ledgerline',
      sourceName: 'Ledgerline',
      title: item({}).title,
      lead: item({}).summary!,
      publishedAt: item({}).publishedAt!,
      bands: [],
      clusterWritten: false,
    });
    expect(await clusterer.assign(item({}))).toEqual({ outcome: 'duplicate', clusterId: 'c-crashed' });
    expect((await clusterer.cluster('c-crashed'))?.canonicalUrls).toEqual([item({}).canonicalUrl]);
  });

  it('hands back a story a cut-short run never confirmed, until it is confirmed', async () => {
    const clusterer = new Clusterer(store);
    const first = await clusterer.assign(item({}));
    // The run stopped here (the store went away before the story was written); the next run comes.
    expect(await clusterer.assign(item({}))).toEqual({
      outcome: 'duplicate',
      clusterId: first.clusterId,
      unconfirmed: 'new',
    });
    await clusterer.storyStored(item({}).canonicalUrl);
    expect(await clusterer.assign(item({}))).toEqual({ outcome: 'duplicate', clusterId: first.clusterId });
  });

  it('uses the clock for an item without a publication time', async () => {
    const clusterer = new Clusterer(store, { clock: new TestClock('2025-03-04T05:00:00.000Z') });
    const decision = await clusterer.assign(item({ publishedAt: undefined }));
    expect((await clusterer.cluster(decision.clusterId))?.firstSeenAt).toBe('2025-03-04T05:00:00.000Z');
  });
});
