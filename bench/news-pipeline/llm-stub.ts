import { openAiReply, startOpenAiTestServer, type OpenAiTestServer } from '@pulse/testing';

/** A valid structured output (services/translation/src/output/translation-output.schema.ts), no URLs. */
const OUTPUT = {
  title: '벤치마크용 합성 기사 제목',
  summary: '파이프라인 처리량을 재기 위한 합성 기사의 한국어 요약이다.',
  bodyHtml: '<p>벤치마크를 위해 만든 합성 기사 본문이다.</p><p>번역 지연은 200밀리초로 고정했다.</p>',
  primaryCategory: 'big-tech',
  secondaryCategory: null,
  tags: ['벤치마크'],
  contentType: 'news',
  keyInsights: [],
};

/**
 * The OpenAI-compatible test server of @pulse/testing, scripted with `replies` answers that each
 * arrive `latencyMs` after the request (its 'slow' reply): a model with a fixed latency.
 */
export async function startLlmStub(latencyMs: number, replies: number): Promise<OpenAiTestServer> {
  const server = await startOpenAiTestServer();
  const reply = openAiReply.slow(latencyMs, openAiReply.json(OUTPUT));
  server.enqueue(...Array.from({ length: replies }, () => reply));
  return server;
}
