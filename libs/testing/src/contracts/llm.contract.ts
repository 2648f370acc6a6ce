import { LlmDisabledError, LlmError, type ImageGenerator, type LanguageModel } from '@pulse/platform/llm';
import { eventually } from '../eventually';
import { openAiReply, startOpenAiTestServer, type OpenAiTestServer } from '../openai-test-server';

export interface LlmAdapters {
  llm: LanguageModel;
  images: ImageGenerator;
}

/** What a generating adapter is pointed at; each test picks its own timeout and retry budget. */
export interface LlmTestTarget {
  baseUrl: string;
  apiKey: string;
  model: string;
  imageModel: string;
  timeoutMs: number;
  maxRetries: number;
  /** Small, so backoff does not slow the suite; Retry-After from the server is still honoured in full. */
  retryBaseDelayMs: number;
  /** Failed calls in a row that open the circuit; the adapter's default unless a test sets it. */
  breakerFailures?: number;
}

/**
 * The contract differs by capability, on purpose and visibly: an adapter that `generates` is driven
 * through every scenario against the OpenAI-compatible test server; an `off` adapter must refuse every
 * call with LlmDisabledError and report enabled=false. No scenario is skipped for either.
 */
export type LlmContractSubject =
  | { capability: 'generates'; make(target: LlmTestTarget): LlmAdapters }
  | { capability: 'off'; make(): LlmAdapters };

const translationSchema = {
  name: 'translated_article',
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      summary: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['title', 'summary', 'tags'],
    additionalProperties: false,
  },
};
const translated = {
  title: '오픈AI, 새 추론 모델 공개',
  summary: '오픈AI가 새 모델을 발표했다.',
  tags: ['AI', 'OpenAI'],
};
const request = {
  system: 'You translate English tech news into Korean.',
  messages: [{ role: 'user' as const, content: 'OpenAI unveils a new reasoning model.' }],
  jsonSchema: translationSchema,
};
// The 8-byte PNG signature plus an IHDR start: enough for the adapter to recognise a PNG.
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

export function describeLanguageModelContract(name: string, subject: LlmContractSubject): void {
  describe(`LanguageModel/ImageGenerator contract: ${name} (capability: ${subject.capability})`, () => {
    if (subject.capability === 'off') describeOff(subject.make);
    else describeGenerating(subject.make);
  });
}

function describeOff(make: () => LlmAdapters): void {
  let adapters: LlmAdapters;
  beforeAll(() => {
    adapters = make();
  });
  afterAll(async () => {
    await adapters?.llm.close();
    await adapters?.images.close();
  });

  it('reports itself disabled', () => {
    expect(adapters.llm.enabled).toBe(false);
    expect(adapters.images.enabled).toBe(false);
  });

  it('is healthy and says that it is off', async () => {
    await expect(adapters.llm.check()).resolves.toMatchObject({
      ok: true,
      detail: expect.stringContaining('off'),
    });
    await expect(adapters.images.check()).resolves.toMatchObject({
      ok: true,
      detail: expect.stringContaining('off'),
    });
  });

  it('generates nothing: completions throw LlmDisabledError naming LLM_BASE_URL, in Korean and English', async () => {
    const attempt = adapters.llm.complete(request);
    await expect(attempt).rejects.toBeInstanceOf(LlmDisabledError);
    await expect(attempt).rejects.toThrow('LLM이 설정되지 않았습니다 (LLM_BASE_URL)');
    await expect(attempt).rejects.toThrow(/not configured/);
  });

  it('streams nothing: the first chunk throws LlmDisabledError', async () => {
    const chunks = adapters.llm.stream({ messages: request.messages });
    await expect(collect(chunks)).rejects.toBeInstanceOf(LlmDisabledError);
  });

  it('generates no image: throws LlmDisabledError', async () => {
    await expect(adapters.images.generate({ prompt: 'cover', size: '1024x1024' })).rejects.toBeInstanceOf(
      LlmDisabledError,
    );
  });
}

function describeGenerating(make: (target: LlmTestTarget) => LlmAdapters): void {
  let server: OpenAiTestServer;
  const opened: LlmAdapters[] = [];
  /** Adapters pointed at the test server with this test's timeout and retry budget. */
  const connect = (overrides: Partial<LlmTestTarget> = {}): LlmAdapters => {
    const adapters = make({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test-pulse',
      model: 'pulse-test-model',
      imageModel: 'pulse-test-image',
      timeoutMs: 5_000,
      maxRetries: 3,
      retryBaseDelayMs: 10,
      ...overrides,
    });
    opened.push(adapters);
    return adapters;
  };

  beforeAll(async () => {
    server = await startOpenAiTestServer();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).flatMap(({ llm, images }) => [llm.close(), images.close()]));
    server.reset();
  });
  afterAll(() => server.close());

  it('reports itself enabled and healthy, naming the model', async () => {
    const { llm, images } = connect();
    expect(llm.enabled).toBe(true);
    expect(images.enabled).toBe(true);
    await expect(llm.check()).resolves.toMatchObject({
      ok: true,
      detail: expect.stringContaining('pulse-test-model'),
    });
    await expect(images.check()).resolves.toMatchObject({
      ok: true,
      detail: expect.stringContaining('pulse-test-image'),
    });
  });

  it('returns parsed structured output and sends model, strict schema, messages and the bearer key', async () => {
    server.enqueue(openAiReply.json(translated));
    const completion = await connect().llm.complete({ ...request, temperature: 0.2, maxTokens: 800 });
    expect(completion).toEqual({
      text: JSON.stringify(translated),
      json: translated,
      usage: { promptTokens: 42, completionTokens: 7 },
      model: 'pulse-test-model',
    });
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent.path).toBe('/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-pulse');
    expect(sent.body).toMatchObject({
      model: 'pulse-test-model',
      temperature: 0.2,
      max_tokens: 800,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.messages[0].content },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'translated_article', schema: translationSchema.schema, strict: true },
      },
    });
  });

  it('returns plain text, and asks for no format, without a schema', async () => {
    server.enqueue(openAiReply.text('안녕하세요'));
    const completion = await connect().llm.complete({
      messages: [{ role: 'user', content: 'Say hello in Korean' }],
    });
    expect(completion.text).toBe('안녕하세요');
    expect(completion.json).toBeUndefined();
    expect(server.requests[0].body.response_format).toBeUndefined();
    expect(server.requests[0].body.messages).toEqual([{ role: 'user', content: 'Say hello in Korean' }]);
  });

  it('rejects malformed structured output with LlmError(malformed_output), without retrying', async () => {
    server.enqueue(openAiReply.malformedJson(), openAiReply.json(translated));
    await expect(connect().llm.complete(request)).rejects.toMatchObject({
      name: 'LlmError',
      code: 'malformed_output',
      retryable: false,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a refusal with LlmError(refused)', async () => {
    server.enqueue(openAiReply.refusal('I cannot help with that.'));
    await expect(connect().llm.complete(request)).rejects.toMatchObject({ code: 'refused' });
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    server.enqueue(openAiReply.rateLimited({ 'retry-after': '1' }), openAiReply.json(translated));
    await expect(connect().llm.complete(request)).resolves.toMatchObject({ json: translated });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].receivedAt - server.requests[0].receivedAt).toBeGreaterThanOrEqual(950);
  });

  it("honours OpenAI's retry-after-ms too", async () => {
    server.enqueue(openAiReply.rateLimited({ 'retry-after-ms': '300' }), openAiReply.json(translated));
    await expect(connect().llm.complete(request)).resolves.toMatchObject({ json: translated });
    expect(server.requests[1].receivedAt - server.requests[0].receivedAt).toBeGreaterThanOrEqual(280);
  });

  it('gives a 429 back at once when Retry-After is longer than it will wait', async () => {
    server.enqueue(openAiReply.rateLimited({ 'retry-after': '3600' }), openAiReply.json(translated));
    await expect(connect().llm.complete(request)).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 3_600_000,
      attempts: 1,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 500, then succeeds', async () => {
    server.enqueue(openAiReply.status(500), openAiReply.json(translated));
    await expect(connect().llm.complete(request)).resolves.toMatchObject({ json: translated });
    expect(server.requests).toHaveLength(2);
  });

  it('retries a dropped connection, then succeeds', async () => {
    server.enqueue(openAiReply.reset(), openAiReply.json(translated));
    await expect(connect().llm.complete(request)).resolves.toMatchObject({ json: translated });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with the last status and the attempt count', async () => {
    server.enqueue(
      openAiReply.status(503),
      openAiReply.status(503),
      openAiReply.status(503),
      openAiReply.json(translated),
    );
    const attempt = connect({ maxRetries: 2 }).llm.complete(request);
    await expect(attempt).rejects.toBeInstanceOf(LlmError);
    await expect(attempt).rejects.toMatchObject({ code: 'http', status: 503, attempts: 3, retryable: true });
    expect(server.requests).toHaveLength(3);
  });

  it('stops calling an API whose calls failed N times in a row: the next caller is told unavailable at once', async () => {
    server.enqueue(openAiReply.status(503), openAiReply.reset(), openAiReply.json(translated));
    const { llm } = connect({ maxRetries: 0, breakerFailures: 2 });
    await expect(llm.complete(request)).rejects.toMatchObject({ code: 'http', status: 503 });
    await expect(llm.check()).resolves.toMatchObject({ ok: true, circuit: 'closed' });
    await expect(llm.complete(request)).rejects.toMatchObject({ code: 'network' });
    await expect(llm.complete(request)).rejects.toMatchObject({ code: 'unavailable', retryable: false });
    await expect(llm.check()).resolves.toMatchObject({ ok: true, circuit: 'open' });
    expect(server.requests).toHaveLength(2);
  });

  it('stops calling the image API the same way, with its own circuit', async () => {
    server.enqueue(openAiReply.status(500), openAiReply.status(500), openAiReply.image(png));
    const { images, llm } = connect({ maxRetries: 0, breakerFailures: 2 });
    const image = { prompt: 'x', size: '1024x1024' } as const;
    await expect(images.generate(image)).rejects.toMatchObject({ status: 500 });
    await expect(images.generate(image)).rejects.toMatchObject({ status: 500 });
    await expect(images.generate(image)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(images.check()).resolves.toMatchObject({ circuit: 'open' });
    await expect(llm.check()).resolves.toMatchObject({ circuit: 'closed' });
    expect(server.requests).toHaveLength(2);
  });

  it('does not count a 400 (our request, not the API) toward opening the circuit', async () => {
    server.enqueue(openAiReply.status(400), openAiReply.status(400), openAiReply.json(translated));
    const { llm } = connect({ maxRetries: 0, breakerFailures: 2 });
    await expect(llm.complete(request)).rejects.toMatchObject({ status: 400 });
    await expect(llm.complete(request)).rejects.toMatchObject({ status: 400 });
    await expect(llm.complete(request)).resolves.toMatchObject({ json: translated });
  });

  it('never retries a 400, and reports the server message', async () => {
    server.enqueue(openAiReply.status(400), openAiReply.json(translated));
    const attempt = connect().llm.complete(request);
    await expect(attempt).rejects.toMatchObject({ code: 'http', status: 400, retryable: false, attempts: 1 });
    await expect(attempt).rejects.toThrow('scripted 400');
    expect(server.requests).toHaveLength(1);
  });

  it('times out a slow response', async () => {
    server.enqueue(openAiReply.slow(10_000, openAiReply.json(translated)));
    const started = Date.now();
    await expect(connect({ timeoutMs: 200, maxRetries: 0 }).llm.complete(request)).rejects.toMatchObject({
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('retries after a timeout, then succeeds', async () => {
    server.enqueue(openAiReply.slow(10_000, openAiReply.json(translated)), openAiReply.json(translated));
    await expect(connect({ timeoutMs: 200, maxRetries: 1 }).llm.complete(request)).resolves.toMatchObject({
      json: translated,
    });
    expect(server.requests).toHaveLength(2);
  });

  it("stops at once when the caller's signal aborts, and does not retry", async () => {
    server.enqueue(openAiReply.slow(10_000, openAiReply.json(translated)), openAiReply.json(translated));
    const controller = new AbortController();
    const attempt = connect().llm.complete({ ...request, signal: controller.signal });
    await eventually(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ code: 'aborted', retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it('streams text in pieces as generated, then done with the whole text, the usage and the model', async () => {
    server.enqueue(openAiReply.streamed(['오픈AI가 ', '새 모델을 ', '공개했습니다 [1].']));
    const chunks = await collect(
      connect().llm.stream({ system: 'You answer in Korean.', messages: request.messages, maxTokens: 300 }),
    );
    expect(chunks).toEqual([
      { delta: '오픈AI가 ' },
      { delta: '새 모델을 ' },
      { delta: '공개했습니다 [1].' },
      {
        done: {
          text: '오픈AI가 새 모델을 공개했습니다 [1].',
          usage: { promptTokens: 42, completionTokens: 7 },
          model: 'pulse-test-model',
        },
      },
    ]);
    expect(server.requests[0].body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 300,
      messages: [{ role: 'system', content: 'You answer in Korean.' }, request.messages[0]],
    });
    expect(server.requests[0].headers.accept).toBe('text/event-stream');
  });

  it('shows the first piece before the last one is written', async () => {
    server.enqueue(openAiReply.streamed(['첫 조각', '마지막 조각'], 400));
    const started = Date.now();
    const iterator = connect().llm.stream({ messages: request.messages })[Symbol.asyncIterator]();
    await expect(iterator.next()).resolves.toMatchObject({ value: { delta: '첫 조각' } });
    expect(Date.now() - started).toBeLessThan(1_000);
    const rest = [];
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) rest.push(step.value);
    expect(rest.at(-1)).toMatchObject({ done: { text: '첫 조각마지막 조각' } });
  });

  it('reads events however the network splits them: mid-event, mid-character, CRLF, comments, multi-line data', async () => {
    const delta = (content: string) => JSON.stringify({ choices: [{ delta: { content } }] });
    const stream = Buffer.from(
      ': keep-alive\r\n\r\n' +
        `data: ${delta('첫 ')}\r\n\r\n` +
        // One JSON chunk over two data lines: the lines are joined with a newline, which JSON allows.
        `data: {"choices":[{"delta":\ndata: {"content":"두 번째"}}]}\n\n` +
        `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 }, model: 'm' })}\n\n` +
        'data: [DONE]\n\n',
    );
    // Cut inside the comment, inside the first JSON, between \r and \n, and inside '두' (3 UTF-8 bytes).
    const cuts = [5, 30, stream.indexOf('\r\n\r\n', 20) + 1, stream.indexOf(Buffer.from('두')) + 1];
    const chunks = [0, ...cuts].map((start, i) => stream.subarray(start, [...cuts, stream.length][i]));
    server.enqueue(openAiReply.eventStream(chunks));
    const chunksRead = await collect(connect().llm.stream({ messages: request.messages }));
    expect(chunksRead).toEqual([
      { delta: '첫 ' },
      { delta: '두 번째' },
      { done: { text: '첫 두 번째', usage: { promptTokens: 3, completionTokens: 2 }, model: 'm' } },
    ]);
  });

  it('retries a stream that failed to open, then streams', async () => {
    server.enqueue(openAiReply.status(503), openAiReply.streamed(['다시 ', '연결']));
    const chunks = await collect(connect().llm.stream({ messages: request.messages }));
    expect(chunks.at(-1)).toMatchObject({ done: { text: '다시 연결' } });
    expect(server.requests).toHaveLength(2);
  });

  it('never retries a stream refused with a 400', async () => {
    server.enqueue(openAiReply.status(400), openAiReply.streamed(['x']));
    await expect(collect(connect().llm.stream({ messages: request.messages }))).rejects.toMatchObject({
      code: 'http',
      status: 400,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a streamed refusal with LlmError(refused)', async () => {
    server.enqueue(openAiReply.refusal('I cannot help with that.'));
    await expect(collect(connect().llm.stream({ messages: request.messages }))).rejects.toMatchObject({
      code: 'refused',
    });
  });

  it('generates an image from base64, sending the image model, size and b64_json', async () => {
    server.enqueue(openAiReply.image(png));
    const image = await connect().images.generate({ prompt: '블록체인 뉴스 표지', size: '1536x1024' });
    expect(image.mimeType).toBe('image/png');
    expect(image.bytes.equals(png)).toBe(true);
    expect(server.requests[0]).toMatchObject({
      path: '/images/generations',
      headers: { authorization: 'Bearer sk-test-pulse' },
      body: {
        model: 'pulse-test-image',
        prompt: '블록체인 뉴스 표지',
        size: '1536x1024',
        n: 1,
        response_format: 'b64_json',
      },
    });
  });

  it('rejects image bytes that are not an image', async () => {
    server.enqueue(openAiReply.image(Buffer.from('<html>not an image</html>')));
    await expect(connect().images.generate({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'bad_response',
    });
  });
}

async function collect<T>(chunks: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}
