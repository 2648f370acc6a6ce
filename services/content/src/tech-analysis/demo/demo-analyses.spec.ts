import {
  parsePurge,
  PURGE_CHANNEL,
  TECH_ANALYSIS_LISTS_TAG,
  TECHNOLOGY_CATEGORY_VALUES,
  type TechAnalysisDetailResponse,
  type TechAnalysisListResponse,
} from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { startContentTestApp, testClock, type ContentTestApp } from '../../../testing/content-test-app';
import { loadDemoAnalyses, SAMPLE_NOTICE, SAMPLE_TITLE_PREFIX } from './demo-analyses';
import { DemoAnalysesSeeder } from './demo-analyses.seeder';
import { readerCookie } from '../../../testing/tech-analysis/analysis-fixtures';

const samples = loadDemoAnalyses();

describe('sample tech analyses (DEMO_CORPUS)', () => {
  it('are 6 to 9, cover the 8 technology categories and are marked as samples', () => {
    expect(samples.length).toBeGreaterThanOrEqual(6);
    expect(samples.length).toBeLessThanOrEqual(9);
    expect(new Set(samples.map((s) => s.technologyCategory))).toEqual(new Set(TECHNOLOGY_CATEGORY_VALUES));
    for (const sample of samples) {
      expect(sample.title.startsWith(SAMPLE_TITLE_PREFIX)).toBe(true);
      expect(sample.introduction.startsWith(`<p>${SAMPLE_NOTICE}`)).toBe(true);
      expect(sample.codeExamples.length).toBeGreaterThan(0);
      expect(sample.externalResources.length).toBeGreaterThan(0);
    }
    expect(new Set(samples.map((s) => s.slug)).size).toBe(samples.length);
  });

  describe('with DEMO_CORPUS=true', () => {
    const clock = testClock();
    let content: ContentTestApp;
    /** Purges heard from the start: embedded pub/sub reaches every store of this process. */
    const listener = new MemoryCacheStore();
    const purged: string[][] = [];
    let stop: () => Promise<void>;
    beforeAll(async () => {
      stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
      content = await startContentTestApp({ clock, env: { DEMO_CORPUS: 'true' } });
    });
    afterAll(async () => {
      await stop();
      await listener.close();
      await content.close();
    });

    it("purge the gateway's held tech-analysis lists once seeded", async () => {
      await eventually(async () => expect(purged).toEqual([[TECH_ANALYSIS_LISTS_TAG]]));
    });

    it('are seeded at start, published, flagged sample: true, with counters at 0', async () => {
      const list = await content.get<TechAnalysisListResponse>(`/api/tech-analysis?limit=${samples.length}`);
      expect(list.body.analyses).toHaveLength(samples.length);
      expect(list.body.analyses.every((a) => a.sample === true && a.likesCount === 0)).toBe(true);
      const detail = await content.get<TechAnalysisDetailResponse>(`/api/tech-analysis/${samples[0].slug}`);
      expect(detail.body.analysis).toMatchObject({ sample: true, views: 0, title: samples[0].title });
    });

    it('seeding again adds nothing and keeps what readers did', async () => {
      const id = samples[0].id;
      const cookie = await readerCookie(content, id);
      const like = await content.inject({
        method: 'POST',
        url: `/api/tech-analysis/${id}/like`,
        headers: { cookie },
      });
      expect(like.json()).toEqual({ liked: true, likesCount: 1 });
      // What a restart or a second replica does: the same seeding, over the same store.
      expect(await content.app.get(DemoAnalysesSeeder).seed()).toBe(0);
      expect(await content.store.collection('tech_analyses').countDocuments({})).toBe(samples.length);
      const detail = await content.get<TechAnalysisDetailResponse>(`/api/tech-analysis/${samples[0].slug}`);
      expect(detail.body.analysis.likesCount).toBe(1);
    });
  });

  it('are not seeded without DEMO_CORPUS', async () => {
    const content = await startContentTestApp({ env: { DEMO_CORPUS: 'false' } });
    try {
      expect((await content.get<TechAnalysisListResponse>('/api/tech-analysis')).body.analyses).toEqual([]);
    } finally {
      await content.close();
    }
  });
});
