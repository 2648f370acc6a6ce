import pino from 'pino';
import { eventually, openAiReply, startOpenAiTestServer, type OpenAiTestServer } from '@pulse/testing';
import { LlmError } from './llm.errors';
import { OpenAiCompatibleLanguageModel } from './openai-compatible.llm';

const logger = pino({ level: 'silent' });
const ask = (text: string) => ({ messages: [{ role: 'user' as const, content: text }] });

describe('OpenAI-compatible client: calls in flight (LLM_MAX_CONCURRENCY)', () => {
  let server: OpenAiTestServer;
  let llm: OpenAiCompatibleLanguageModel;

  beforeAll(async () => {
    server = await startOpenAiTestServer();
  });
  beforeEach(() => {
    server.reset();
    llm = new OpenAiCompatibleLanguageModel({
      baseUrl: server.baseUrl,
      model: 'test-model',
      timeoutMs: 10_000,
      maxRetries: 0,
      maxConcurrency: 1,
      logger,
    });
  });
  afterEach(() => llm.close());
  afterAll(() => server.close());

  it('holds a call back while a stream still holds the only slot, and sends it once the stream ends', async () => {
    server.enqueue(openAiReply.streamed(['첫 ', '조각']), openAiReply.text('다음 답'));
    const stream = llm.stream(ask('stream'));
    expect(await stream.next()).toMatchObject({ value: { delta: '첫 ' } });

    const next = llm.complete(ask('next'));
    await eventually(() => expect(llm.load).toEqual({ active: 1, waiting: 1 }));
    expect(server.requests).toHaveLength(1);

    for await (const chunk of stream) void chunk;
    await expect(next).resolves.toMatchObject({ text: '다음 답' });
    expect(server.requests.map((r) => r.body.messages[0].content)).toEqual(['stream', 'next']);
    expect(llm.load).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot when a stream is left early, and lets a waiting caller abort', async () => {
    server.enqueue(openAiReply.streamed(['a', 'b', 'c'], 50), openAiReply.text('after'));
    const stream = llm.stream(ask('left'));
    await stream.next();
    const controller = new AbortController();
    const abandoned = llm.complete({ ...ask('abandoned'), signal: controller.signal });
    await eventually(() => expect(llm.load.waiting).toBe(1));
    controller.abort();
    await expect(abandoned).rejects.toMatchObject({ code: 'aborted' } satisfies Partial<LlmError>);

    await stream.return(undefined);
    await expect(llm.complete(ask('after'))).resolves.toMatchObject({ text: 'after' });
    expect(server.requests.map((r) => r.body.messages[0].content)).toEqual(['left', 'after']);
  });
});
