import {
  TOPICS,
  type AdminTechAnalysis,
  type EventEnvelope,
  type TechAnalysisPublishedPayload,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { startContentTestApp, testClock, type ContentTestApp } from '../../testing/content-test-app';
import { adminRequest, analysisBody, publishAnalysis } from '../../testing/tech-analysis/analysis-fixtures';
import { TechAnalysisAnnouncer } from './tech-analysis-announcer';

/** What trending is told of published analyses (techanalysis.published), and only when it changed. */
describe('tech-analysis announcements', () => {
  let app: ContentTestApp;
  let announced: Array<EventEnvelope<TechAnalysisPublishedPayload>>;
  let analysis: AdminTechAnalysis;
  const settled = (count: number) =>
    eventually(async () => expect(announced).toHaveLength(count), { timeoutMs: 5_000, intervalMs: 20 });

  beforeAll(async () => {
    app = await startContentTestApp({ clock: testClock('2026-11-29T03:00:00.000Z') });
    announced = (await app.collect(TOPICS.techAnalysisPublished)) as typeof announced;
  });
  afterAll(() => app.close());

  it('announces nothing for a draft, and the listing once it is published', async () => {
    const draft = await adminRequest(app, 'POST', '/api/content/admin/tech-analyses', analysisBody());
    expect(draft.status).toBe(201);
    analysis = await publishAnalysis(app, { title: '이벤트 소싱 심층 분석', technologyName: 'EventStoreDB' });
    await settled(1);
    expect(announced[0].payload).toEqual({
      id: analysis.id,
      title: '이벤트 소싱 심층 분석',
      summary: analysis.executiveSummary,
      technologyName: 'EventStoreDB',
      technologyCategory: 'cloud_native',
      publishedAt: '2026-11-29T03:00:00.000Z',
      url: `/tech-analysis/${encodeURIComponent(analysis.slug)}`,
    });
  });

  it('announces again when the listing changes, not for an edit trending does not show', async () => {
    const url = `/api/content/admin/tech-analyses/${analysis.id}`;
    expect((await adminRequest(app, 'PATCH', url, { qualityScore: 95 })).status).toBe(200);
    expect((await adminRequest(app, 'PATCH', url, { title: '이벤트 소싱과 CQRS 분석' })).status).toBe(200);
    await settled(2);
    expect(announced[1].payload.title).toBe('이벤트 소싱과 CQRS 분석');
  });

  it('sends nothing at a restart for what trending already has', async () => {
    await app.app.get(TechAnalysisAnnouncer).onApplicationBootstrap();
    // Another announcement, had one gone out, would be relayed within this wait.
    const marker = await publishAnalysis(app, { title: '표식용 분석' });
    await settled(3);
    expect(announced[2].payload.id).toBe(marker.id);
  });
});
