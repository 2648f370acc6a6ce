import type { ChatStreamEvent } from '@pulse/contracts';
import type { CommunityTestApp, TestIdentity } from '../community-test-app';
import type { StubArticle } from '../content-api-stub';

/** A parsed text/event-stream body. */
export function readEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .map((frame) => frame.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => !!line)
    .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent);
}

/** Opens the identity's session and returns a function that asks in it (streamed, unless `json`). */
export async function assistantOf(app: CommunityTestApp, who: TestIdentity) {
  const opened = await app.request('POST', '/api/community/assistant/sessions', {
    body: {},
    headers: who.bearer,
  });
  if (opened.status !== 200) throw new Error(`open failed: ${opened.status} ${JSON.stringify(opened.body)}`);
  const sessionId = opened.body.data.id as string;
  const ask = (body: unknown, options: { json?: boolean; as?: TestIdentity; session?: string } = {}) =>
    app.request('POST', `/api/community/assistant/sessions/${options.session ?? sessionId}/messages`, {
      body,
      headers: { ...(options.as ?? who).bearer, ...(options.json ? {} : { accept: 'text/event-stream' }) },
    });
  return { sessionId, ask };
}

export const articles: StubArticle[] = [
  {
    id: 'openai-o5',
    title: '오픈AI, 추론 모델 o5 공개',
    summary: '오픈AI가 수학과 코딩에 강한 추론 모델 o5를 공개했다.',
    content: '<p>오픈AI는 새 추론 모델 o5가 이전 모델보다 추론 비용을 40% 줄였다고 밝혔다.</p>',
  },
  {
    id: 'eth-gas',
    title: '이더리움 가스비, 업그레이드 후 절반으로',
    summary: '이더리움 네트워크 업그레이드 뒤 평균 가스비가 절반 가까이 떨어졌다.',
    content: '<p>레이어2 수수료도 함께 내려갔다.</p>',
  },
];
