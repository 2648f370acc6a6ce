import type { AdminTechAnalysis, CreateTechAnalysisBody } from '@pulse/contracts';
import type { ContentTestApp } from '../content-test-app';

/** The token startContentTestApp configures. */
export const ADMIN_HEADERS = { authorization: 'Bearer test-admin-token-0123456789' };

let serial = 0;

/** A complete, publishable tech analysis body; override what the test cares about. */
export function analysisBody(overrides: Partial<CreateTechAnalysisBody> = {}): Record<string, unknown> {
  serial += 1;
  return {
    title: `쿠버네티스 운영 가이드 ${serial}`,
    executiveSummary: '쿠버네티스로 서비스를 안정적으로 운영하는 방법을 정리합니다.',
    seoKeywords: ['Kubernetes', '컨테이너'],
    difficultyLevel: 'intermediate',
    technologyCategory: 'cloud_native',
    technologyName: `Kubernetes ${serial}`,
    qualityScore: 80,
    introduction: '<p>쿠버네티스는 컨테이너 오케스트레이터입니다.</p>',
    coreConceptsExplanation: '<p>Pod, Deployment, Service.</p>',
    prosAndCons: { pros: ['선언형 설정'], cons: ['학습 비용'] },
    useCases: ['마이크로서비스'],
    comparisonWithAlternatives: '<p>Docker Compose와 비교합니다.</p>',
    gettingStarted: '<p>kind로 클러스터를 만듭니다.</p>',
    tutorialContent: '<p>Deployment를 적용합니다.</p>',
    bestPractices: ['리소스 요청량 지정'],
    commonPitfalls: ['프로브 누락'],
    futureOutlook: '<p>플랫폼 엔지니어링으로 발전합니다.</p>',
    conclusion: '<p>기본부터 익히세요.</p>',
    codeExamples: [{ title: '적용', language: 'bash', code: 'kubectl apply -f web.yaml', order: 1 }],
    externalResources: [{ title: '문서', url: 'https://kubernetes.io/docs/home/', type: 'documentation' }],
    ...overrides,
  };
}

export async function adminRequest<T>(
  app: ContentTestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = ADMIN_HEADERS,
): Promise<{ status: number; body: T }> {
  const response = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as T };
}

/** Creates and publishes an analysis through the admin API; the clock decides its publishedAt. */
export async function publishAnalysis(
  app: ContentTestApp,
  overrides: Partial<CreateTechAnalysisBody> = {},
): Promise<AdminTechAnalysis> {
  const created = await adminRequest<AdminTechAnalysis>(
    app,
    'POST',
    '/api/content/admin/tech-analyses',
    analysisBody(overrides),
  );
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const published = await adminRequest<AdminTechAnalysis>(
    app,
    'POST',
    `/api/content/admin/tech-analyses/${created.body.id}/publish`,
  );
  if (published.status !== 200) throw new Error(`publish failed: ${JSON.stringify(published.body)}`);
  return published.body;
}

/**
 * A reader's session cookie, as a browser gets it: the first engagement call without one is answered
 * `reason: 'session-issued'` with the cookie and counts nothing (the front end then sends it again).
 */
export async function readerCookie(app: ContentTestApp, analysisId: string): Promise<string> {
  const first = await app.inject({ method: 'POST', url: `/api/tech-analysis/${analysisId}/view` });
  if (first.json<{ reason?: string }>().reason !== 'session-issued')
    throw new Error(`a cookie-less view answered ${first.body}, not a new session`);
  return String(first.headers['set-cookie']).split(';')[0];
}
