import { openAiReply, startOpenAiTestServer, type OpenAiTestServer } from '@pulse/testing';
import { OpenAiCompatibleLanguageModel } from '@pulse/platform';
import pino from 'pino';
import {
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import { SEARCH_ONLY_LINE, NOTHING_FOUND } from './assistant-prompt';
import { ASSISTANT_DAILY_CAP } from './assistant-limits';
import { startContentApiStub } from '../../testing/content-api-stub';
import { articles, assistantOf, readEvents } from '../../testing/assistant/assistant-test-kit';

type Stub = Awaited<ReturnType<typeof startContentApiStub>>;

describe('AI assistant with an LLM (OpenAI-compatible test server): streamed answers citing our articles', () => {
  let llmServer: OpenAiTestServer;
  let content: Stub;
  let app: CommunityTestApp;
  let reader: TestIdentity;

  beforeAll(async () => {
    llmServer = await startOpenAiTestServer();
    content = await startContentApiStub(articles);
    const llm = new OpenAiCompatibleLanguageModel({
      baseUrl: llmServer.baseUrl,
      model: 'pulse-test-model',
      timeoutMs: 5_000,
      maxRetries: 1,
      retryBaseDelayMs: 10,
      logger: pino({ level: 'silent' }),
    });
    app = await startCommunityTestApp({
      llm,
      env: {
        COMMUNITY_CONTENT_URL: content.url,
        ASSISTANT_PROMPT_PRICE_PER_1K: '0.01',
        ASSISTANT_COMPLETION_PRICE_PER_1K: '0.03',
      },
    });
    reader = await app.signUp('궁금한독자');
  });
  afterEach(() => llmServer.reset());
  afterAll(async () => {
    await app.close();
    await content.close();
    await llmServer.close();
  });

  it('opens one session per identity and answers, streamed, with numbered citations to /article/{id}', async () => {
    const { sessionId, ask } = await assistantOf(app, reader);
    const again = await app.request('POST', '/api/community/assistant/sessions', {
      body: {},
      headers: reader.bearer,
    });
    expect(again.body.data.id).toBe(sessionId);

    llmServer.enqueue(
      openAiReply.streamed(['o5는 추론 비용을 ', '40% 줄였습니다 [1]. ', '가스비 얘기는 [2]에 있습니다.']),
    );
    const reply = await ask({ content: '오픈AI o5 가스비' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = readEvents(reply.body);
    expect(events[0]).toMatchObject({
      type: 'start',
      mode: 'llm',
      message: { role: 'user', content: '오픈AI o5 가스비' },
    });
    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1);
    expect(done).toMatchObject({
      type: 'done',
      mode: 'llm',
      message: {
        role: 'assistant',
        content: 'o5는 추론 비용을 40% 줄였습니다 [1]. 가스비 얘기는 [2]에 있습니다.',
      },
    });
    if (done?.type !== 'done') throw new Error('no done');
    expect(done.message.citations).toEqual([
      { index: 1, articleId: 'openai-o5', title: articles[0].title, url: '/article/openai-o5' },
      { index: 2, articleId: 'eth-gas', title: articles[1].title, url: '/article/eth-gas' },
    ]);

    // The prompt: the rules as system, the retrieved passages as a delimited numbered block.
    const sent = llmServer.requests[0].body;
    expect(sent.stream).toBe(true);
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages.at(-1).content).toContain('<sources>\n[1] 제목: 오픈AI, 추론 모델 o5 공개');

    // Stored: the session shows both messages; tokens and cost tallied.
    const session = await app.get(`/api/community/assistant/sessions/${sessionId}`, reader.bearer);
    expect(session.body.data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    const stored = await app.store
      .collection<{ _id: string; usage: Record<string, number> }>('community_chat_sessions')
      .findOne({ _id: sessionId });
    expect(stored?.usage).toEqual({ promptTokens: 42, completionTokens: 7, calls: 1, costUsd: 0.00063 });
  });

  it('puts the current article first and its text in the prompt when asked from an article', async () => {
    const { ask } = await assistantOf(app, reader);
    llmServer.enqueue(openAiReply.text('레이어2 수수료도 내려갔습니다 [1].'));
    const reply = await ask(
      { content: '이 기사 요약해줘', context: { articleId: 'eth-gas' } },
      { json: true },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.message.citations).toEqual([
      { index: 1, articleId: 'eth-gas', title: articles[1].title, url: '/article/eth-gas' },
    ]);
    expect(llmServer.requests[0].body.messages.at(-1).content).toContain('[1] 제목: 이더리움 가스비');
    expect(llmServer.requests[0].body.messages.at(-1).content).toContain('레이어2 수수료도 함께 내려갔다.');
  });

  it('sends the first words before the model has finished (no buffering in the service)', async () => {
    await app.app.listen(0, '127.0.0.1');
    const address = (await app.app.getUrl()).replace('[::1]', '127.0.0.1');
    const { sessionId } = await assistantOf(app, reader);
    llmServer.enqueue(openAiReply.streamed(['첫 문장입니다 [1]. ', '마지막 문장입니다.'], 1_500));
    const started = Date.now();
    const response = await fetch(`${address}/api/community/assistant/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { ...reader.bearer, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'o5 추론 비용' }),
    });
    const reader_ = response.body!.getReader();
    let seen = '';
    while (!seen.includes('event: delta')) seen += new TextDecoder().decode((await reader_.read()).value);
    expect(Date.now() - started).toBeLessThan(1_400);
    while (!(await reader_.read()).done);
    app.app.getHttpServer().closeAllConnections();
  });

  it('answers "nothing found" without calling the LLM when no article matches', async () => {
    const { ask } = await assistantOf(app, reader);
    const reply = await ask({ content: '저녁 메뉴 추천' }, { json: true });
    expect(reply.body.data.message).toMatchObject({ content: NOTHING_FOUND, citations: [] });
    expect(llmServer.requests).toHaveLength(0);
  });

  it('falls back to the passages, saying so, when the LLM fails before writing anything', async () => {
    const { ask } = await assistantOf(app, reader);
    llmServer.enqueue(openAiReply.status(400));
    const reply = await ask({ content: '가스비' }, { json: true });
    expect(reply.status).toBe(200);
    expect(reply.body.data.mode).toBe('search-only');
    expect(reply.body.data.message.content).toContain('AI 답변을 지금 만들 수 없어');
    expect(reply.body.data.message.citations[0]).toMatchObject({ articleId: 'eth-gas' });
  });
});

describe('AI assistant without an LLM: search-only mode', () => {
  let content: Stub;
  let app: CommunityTestApp;
  let reader: TestIdentity;

  beforeAll(async () => {
    content = await startContentApiStub(articles);
    app = await startCommunityTestApp({
      env: {
        COMMUNITY_CONTENT_URL: content.url,
        ASSISTANT_MESSAGES_PER_MINUTE: '3',
        ASSISTANT_MESSAGES_PER_DAY: '4',
      },
    });
    reader = await app.signUp('검색하는독자');
  });
  afterAll(async () => {
    await app.close();
    await content.close();
  });

  it('returns the best passages with their links and a line saying it is search-only', async () => {
    const { ask } = await assistantOf(app, reader);
    const reply = await ask({ content: '이더리움 가스비 알려줘' });
    const done = readEvents(reply.body).at(-1);
    expect(done).toMatchObject({ type: 'done', mode: 'search-only' });
    if (done?.type !== 'done') throw new Error('no done');
    expect(done.message.content.startsWith(SEARCH_ONLY_LINE)).toBe(true);
    expect(done.message.content).toContain('[1] 이더리움 가스비, 업그레이드 후 절반으로');
    expect(done.message.citations).toEqual([
      { index: 1, articleId: 'eth-gas', title: articles[1].title, url: '/article/eth-gas' },
    ]);
  });

  it('clears the messages; the session stays', async () => {
    const { sessionId } = await assistantOf(app, reader);
    const cleared = await app.request('DELETE', `/api/community/assistant/sessions/${sessionId}/messages`, {
      headers: reader.bearer,
    });
    expect(cleared.body).toEqual({ success: true });
    const session = await app.get(`/api/community/assistant/sessions/${sessionId}`, reader.bearer);
    expect(session.body.data).toMatchObject({ id: sessionId, messages: [], isActive: true });
  });

  it('limits an identity per minute, then per day, with 429 and Retry-After', async () => {
    const who = await app.signUp('성급한독자');
    const { ask } = await assistantOf(app, who);
    for (let i = 0; i < 3; i += 1)
      expect((await ask({ content: `가스비 ${i}` }, { json: true })).status).toBe(200);
    const fourth = await ask({ content: '가스비 3' }, { json: true });
    expect(fourth.status).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(fourth.body).toMatchObject({ success: false });
  });

  it('has a daily cap beyond the per-minute rate', async () => {
    const clockless = await app.signUp('매일오는독자');
    const { ask } = await assistantOf(app, clockless);
    await app.cache.rateLimit(`community:assistant:day:${clockless.id}`, 4, 24 * 3_600_000);
    await app.cache.rateLimit(`community:assistant:day:${clockless.id}`, 4, 24 * 3_600_000);
    await app.cache.rateLimit(`community:assistant:day:${clockless.id}`, 4, 24 * 3_600_000);
    await app.cache.rateLimit(`community:assistant:day:${clockless.id}`, 4, 24 * 3_600_000);
    const refused = await ask({ content: '가스비' }, { json: true });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ASSISTANT_DAILY_CAP);
  });

  it('answers 503, not an invented answer, when content cannot be searched', async () => {
    const who = await app.signUp('기다리는독자');
    const { ask } = await assistantOf(app, who);
    content.fail(true);
    try {
      const reply = await ask({ content: '가스비' }, { json: true });
      expect(reply.status).toBe(503);
    } finally {
      content.fail(false);
    }
  });
});
