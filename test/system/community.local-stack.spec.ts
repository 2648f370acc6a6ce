import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  TOPICS,
  type ArticleTranslatedPayload,
  type ChatStreamEvent,
  type EventEnvelope,
  type QuestionCreatedPayload,
} from '@pulse/contracts';
import { KafkaEventBus, publishEvent } from '@pulse/platform';
import { eventually, openAiReply, startOpenAiTestServer, type OpenAiTestServer } from '@pulse/testing';
import { Kafka, logLevel, type Admin, type Consumer } from 'kafkajs';
import pino from 'pino';
import { exclusive, EXCLUSIVE_WAIT_MS } from '../support/exclusive';
import { required } from '../support/infra-env';
import { observeFromNow, startGroupsAtTopicEnds } from '../support/kafka-groups';
import { freePort, startTs, untilReady, type RunningProcess } from '../support/processes';
import { siteCall } from '../support/site-call';

const COMMUNITY_TOPICS = [
  TOPICS.questionCreated,
  TOPICS.answerCreated,
  TOPICS.answerAccepted,
  TOPICS.articlePublishedV2,
];
const CONTENT_TOPICS = [TOPICS.articleTranslated, TOPICS.trendingScoresUpdated];

/**
 * Local stack: the community service as its own process over Kafka, the MongoDB-compatible
 * server and Redis, behind the gateway process. Two identities sign up through the gateway; one asks
 * (cookie + CSRF), the other answers and votes (Bearer); the author accepts. The events go out through
 * the outbox to Kafka and come back as badges; the question page renders without JavaScript.
 *
 * Community II: content runs as its own process too, fed article.translated on Kafka as translation
 * would. The assistant retrieves from content's public search API (COMMUNITY_CONTENT_URL) and answers
 * through the OpenAI-compatible test server, streamed through the gateway; a second community process
 * with no LLM configured answers in search-only mode. Content's article.published.v2 reaches community
 * over Kafka and tells an asker when the story gains an article. Comments are taken on content's articles
 * only.
 */
describe('community, local stack: gateway → community process (Kafka, MongoDB, Redis)', () => {
  const runId = `${Date.now()}_${randomUUID().slice(0, 8)}`;
  const groupPrefix = `qsys-${runId}.`;
  const marker = `펄스커뮤${runId.replace(/\D/g, '').slice(-6)}`;
  const storyId = `qsys-story-${runId}`;
  const articleId = `qsys-${runId}-a1`;
  const processes: RunningProcess[] = [];
  let dataDir: string;
  let kafka: Kafka;
  let admin: Admin;
  let observer: Consumer;
  let publisher: KafkaEventBus;
  let llmServer: OpenAiTestServer;
  let gateway: string;
  let contentUrl: string;
  let searchOnlyUrl: string;
  let release: (() => void) | undefined;
  const created: Array<EventEnvelope<QuestionCreatedPayload>> = [];

  const output = () => processes.map((p) => p.output().slice(-3000)).join('\n---\n');
  const call = (method: string, url: string, init?: Parameters<typeof siteCall>[3]) =>
    siteCall(gateway, method, url, init);
  const signUp = async (username: string) => {
    const response = await call('POST', '/api/community/auth/anonymous', { body: { username } });
    expect(response.status).toBe(201);
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
    const csrf = cookies.find((c) => c.startsWith('pulse_csrf='))!.split('=')[1];
    return {
      id: response.body.data.user.id as string,
      bearer: { authorization: `Bearer ${response.body.data.token}` },
      cookieWrite: { cookie: cookies.join('; '), 'x-csrf-token': csrf },
      cookieOnly: { cookie: cookies.join('; ') },
    };
  };

  /** An article of the story as translation hands it to content (one source per article). */
  const translated = (id: string, title: string, body: string): ArticleTranslatedPayload => ({
    articleId: id,
    clusterId: storyId,
    title: `${marker} ${title}`,
    summary: body,
    bodyHtml: `<p>${marker} ${body}</p>`,
    primaryCategory: 'blockchain',
    secondaryCategory: null,
    tags: ['이더리움'],
    contentType: 'news',
    keyInsights: [],
    translationStatus: 'translated',
    model: 'test-model',
    usage: null,
    sources: [
      {
        sourceId: 'ethereum-blog',
        sourceName: 'Ethereum Foundation Blog',
        url: `https://blog.ethereum.org/${id}`,
        canonicalUrl: `https://blog.ethereum.org/${id}`,
        title,
        author: 'EF',
        publishedAt: new Date().toISOString(),
      },
    ],
    imageUrl: null,
    youtubeVideos: [],
    translatedAt: new Date().toISOString(),
  });
  const publishTranslated = (payload: ArticleTranslatedPayload) =>
    publishEvent(publisher, TOPICS.articleTranslated, payload, { source: 'translation' });
  /** Content serves the article (its Kafka consumer, on a loaded machine, can take a while to join). */
  const untilContentHas = (id: string) =>
    eventually(
      async () =>
        expect((await fetch(`${contentUrl}/api/articles/${encodeURIComponent(id)}`)).status).toBe(200),
      { timeoutMs: 90_000, intervalMs: 250 },
    ).catch((error: Error) => {
      error.message += output();
      throw error;
    });

  beforeAll(async () => {
    // Content publishes article.published: not beside the other suites counting it (test/support/exclusive.ts).
    release = await exclusive('kafka-article-published');
    const brokers = required('PULSE_TEST_KAFKA_BROKERS');
    kafka = new Kafka({
      clientId: `pulse-qsys-${runId}`,
      brokers: brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: true,
      topics: [...COMMUNITY_TOPICS, ...CONTENT_TOPICS, TOPICS.articlePublished].map((topic) => ({
        topic,
        numPartitions: 3,
      })),
    });
    await startGroupsAtTopicEnds(admin, COMMUNITY_TOPICS, (topic) => `${groupPrefix}community.${topic}`);
    await startGroupsAtTopicEnds(admin, CONTENT_TOPICS, (topic) => `${groupPrefix}content.${topic}`);
    publisher = new KafkaEventBus({
      brokers: brokers.split(','),
      clientId: `pulse-qsys-pub-${runId}`,
      logger: pino({ level: 'silent' }),
    });
    llmServer = await startOpenAiTestServer();
    observer = kafka.consumer({ groupId: `${groupPrefix}observer` });
    await observeFromNow<QuestionCreatedPayload>(
      admin,
      observer,
      `${groupPrefix}observer`,
      TOPICS.questionCreated,
      (envelope) => {
        if (envelope.payload?.title?.includes(runId.slice(-8))) created.push(envelope);
      },
    );

    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-community-stack-'));
    const contentPort = await freePort();
    contentUrl = `http://127.0.0.1:${contentPort}`;
    const content = startTs('services/content/src/main.ts', {
      PORT: String(contentPort),
      PULSE_DATA_DIR: path.join(dataDir, 'content'),
      BUS_DRIVER: 'kafka',
      KAFKA_BROKERS: brokers,
      KAFKA_CLIENT_ID: `pulse-qsys-content-${runId}`,
      BUS_GROUP_PREFIX: groupPrefix,
      STORE_DRIVER: 'mongo',
      MONGO_URL: required('PULSE_TEST_MONGO_URL').replace(/\/[^/]*$/, `/pulse_qsys_content_${runId}`),
      CACHE_DRIVER: 'redis',
      REDIS_URL: required('PULSE_TEST_REDIS_URL'),
      CACHE_KEY_PREFIX: `pulse-qsys-content-${runId}:`,
      PUBLIC_SITE_URL: 'https://pulse.example.kr',
      ADMIN_TOKEN: 'system-test-admin-token-0123',
    });
    processes.push(content);
    // No LLM configured and nothing shared: the assistant in search-only mode, retrieving from content.
    const searchOnlyPort = await freePort();
    searchOnlyUrl = `http://127.0.0.1:${searchOnlyPort}`;
    const searchOnly = startTs('services/community/src/main.ts', {
      PORT: String(searchOnlyPort),
      PULSE_DATA_DIR: path.join(dataDir, 'search-only'),
      COMMUNITY_CONTENT_URL: contentUrl,
      COMMUNITY_IDENTITIES_PER_IP_HOUR: '100',
    });
    processes.push(searchOnly);
    const communityPort = await freePort();
    const community = startTs('services/community/src/main.ts', {
      PORT: String(communityPort),
      PULSE_DATA_DIR: dataDir,
      BUS_DRIVER: 'kafka',
      KAFKA_BROKERS: brokers,
      KAFKA_CLIENT_ID: `pulse-qsys-community-${runId}`,
      BUS_GROUP_PREFIX: groupPrefix,
      STORE_DRIVER: 'mongo',
      MONGO_URL: required('PULSE_TEST_MONGO_URL').replace(/\/[^/]*$/, `/pulse_qsys_${runId}`),
      CACHE_DRIVER: 'redis',
      REDIS_URL: required('PULSE_TEST_REDIS_URL'),
      CACHE_KEY_PREFIX: `pulse-qsys-${runId}:`,
      ADMIN_TOKEN: 'system-test-admin-token-0123',
      // Every identity here signs up from 127.0.0.1; the comments test makes a crowd of them.
      COMMUNITY_IDENTITIES_PER_IP_HOUR: '100',
      COMMUNITY_CONTENT_URL: contentUrl,
      LLM_BASE_URL: llmServer.baseUrl,
      LLM_MODEL: 'pulse-test-model',
      LLM_MAX_RETRIES: '0',
    });
    processes.push(community);
    await Promise.all([
      untilReady(community, `http://127.0.0.1:${communityPort}`, { diagnostics: output }),
      untilReady(content, contentUrl, { diagnostics: output }),
      untilReady(searchOnly, searchOnlyUrl, { diagnostics: output }),
    ]);
    await publishTranslated(
      translated(
        articleId,
        '이더리움 가스비, 덴쿤 업그레이드 후 절반으로',
        '덴쿤 업그레이드 뒤 이더리움 평균 가스비가 절반 가까이 떨어졌다.',
      ),
    );
    const gatewayPort = await freePort();
    processes.push(
      startTs('gateway/src/main.ts', {
        PORT: String(gatewayPort),
        PULSE_DATA_DIR: dataDir,
        COMMUNITY_URL: `http://127.0.0.1:${communityPort}`,
        PUBLIC_SITE_URL: 'https://pulse.example.kr',
      }),
    );
    gateway = `http://127.0.0.1:${gatewayPort}`;
    await eventually(async () => expect((await call('GET', '/api/community/badges')).status).toBe(200), {
      timeoutMs: 60_000,
      intervalMs: 250,
    }).catch((error: Error) => {
      error.message += output();
      throw error;
    });
  }, EXCLUSIVE_WAIT_MS + 150_000);

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop()));
    await observer?.disconnect();
    await publisher?.close();
    await llmServer?.close();
    await admin?.disconnect();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    release?.();
  });

  it('asks, answers, votes and accepts through the gateway; events reach Kafka and badges follow', async () => {
    const asker = await signUp(`질문자${runId.slice(-4)}`);
    const helper = await signUp(`답변자${runId.slice(-4)}`);
    const title = `이더리움 가스비 절약 방법 ${runId.slice(-8)}`;
    const body = {
      title,
      content: '스마트 컨트랙트 배포 비용이 너무 큽니다. 어떻게 줄일 수 있을까요?',
      category: 'blockchain',
      tagIds: [],
      tags: ['가스비'],
    };

    expect((await call('POST', '/api/community/questions', { body, headers: asker.cookieOnly })).status).toBe(
      403,
    );
    const ask = await call('POST', '/api/community/questions', { body, headers: asker.cookieWrite });
    expect(ask.status).toBe(201);
    const id = ask.body.data.id as string;

    const answer = await call('POST', `/api/community/questions/${id}/answers`, {
      body: { content: 'L2 롤업에 배포하면 훨씬 저렴합니다.' },
      headers: helper.bearer,
    });
    expect(answer.status).toBe(201);
    const vote = await call('POST', `/api/community/questions/${id}/vote`, {
      body: { voteType: 'upvote' },
      headers: helper.bearer,
    });
    expect(vote.body.data).toEqual({ upvotes: 1, viewerVote: 'upvote' });
    const accept = await call(
      'POST',
      `/api/community/questions/${id}/answers/${answer.body.data.id}/accept`,
      { headers: asker.cookieWrite },
    );
    expect(accept.body).toEqual({ success: true });

    // The vote's count follows its record in the question's counter flush.
    await eventually(async () => {
      const detail = await call('GET', `/api/community/questions/${id}`, { headers: asker.cookieOnly });
      expect(detail.body.data).toMatchObject({ isAnswered: true, answerCount: 1, upvotes: 1 });
    });
    // The reader's own votes are their own read (the detail is the same for every reader).
    const votes = await call('GET', `/api/community/questions/${id}/votes`, { headers: helper.bearer });
    expect(votes.body.data).toEqual({
      question: 'upvote',
      answers: {},
      mine: { question: false, answers: [answer.body.data.id] },
    });
    const list = await call('GET', `/api/community/questions?q=${encodeURIComponent('가스비를')}`);
    expect(list.body.data.questions.map((q: { id: string }) => q.id)).toContain(id);

    await eventually(async () => expect(created.map((event) => event.payload.questionId)).toContain(id), {
      timeoutMs: 30_000,
    });
    await eventually(
      async () => {
        const answers = await call('GET', `/api/community/questions/${id}/answers`);
        const badges = answers.body.data[0].user.badges.map((badge: { id: string }) => badge.id);
        expect(badges).toEqual(expect.arrayContaining(['first-answer', 'accepted-answer']));
      },
      { timeoutMs: 30_000 },
    );
  });

  it('renders the question page without JavaScript, and a missing question as 404', async () => {
    const asker = await signUp(`페이지${runId.slice(-4)}`);
    const title = `페이지 렌더링 확인용 질문 ${runId.slice(-8)}`;
    const ask = await call('POST', '/api/community/questions', {
      body: {
        title,
        content: '## 상황\n\n서버에서 렌더링된 질문 본문이 보이는지 확인합니다.',
        category: 'development',
        tagIds: [],
        tags: [],
      },
      headers: asker.bearer,
    });
    const page = await call('GET', `/community/questions/${ask.body.data.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<title>${title} - Q&amp;A | 펄스</title>`);
    expect(page.body).toContain('"@type":"QAPage"');
    // Rendered by the qa remote's own components (its server bundle): the markdown's heading and text.
    expect(page.body).toContain('<h3>상황</h3>');
    expect(page.body).toContain('서버에서 렌더링된 질문 본문이 보이는지 확인합니다.');
    const missing = await call('GET', '/community/questions/q_missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('존재하지 않거나 삭제된 질문입니다.');
    // No read counts a view, the page render's included: a reader's view is its own POST.
    expect((await call('GET', `/api/community/questions/${ask.body.data.id}`)).body.data.viewCount).toBe(0);
  });
  it("comments on MongoDB and Redis, only on content's articles: depth 3, racing reactions counted once, the sorts, delete keeping replies", async () => {
    const author = await signUp(`댓글${runId.slice(-4)}`);
    const reader = await signUp(`독자${runId.slice(-4)}`);
    const article = articleId;
    await untilContentHas(article);
    // Only on an article content publishes (asked of the content process's read API); reading an
    // unknown article's comments stays the seed's empty list.
    const unknown = `qsys-${runId}-missing`;
    const refused = await call('POST', `/api/community/articles/${unknown}/comments`, {
      body: { content: '없는 기사에 다는 댓글' },
      headers: author.bearer,
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`id: 기사를 찾을 수 없습니다 (${unknown}).`);
    expect((await call('GET', `/api/community/articles/${unknown}/comments`)).body.data.totalCount).toBe(0);
    const list = async (sort = 'popular') =>
      (await call('GET', `/api/community/articles/${article}/comments?sort=${sort}`)).body.data;
    const post = async (url: string, content: string, headers: Record<string, string>) => {
      const response = await call('POST', url, { body: { content }, headers });
      expect(response.status).toBe(201);
      return response.body.data.id as string;
    };
    const top = await post(
      `/api/community/articles/${article}/comments`,
      '스택 위의 첫 댓글',
      author.cookieWrite,
    );
    let parent = top;
    for (let depth = 1; depth <= 3; depth += 1)
      parent = await post(`/api/community/comments/${parent}/replies`, `${depth}단계`, reader.bearer);
    const tooDeep = await call('POST', `/api/community/comments/${parent}/replies`, {
      body: { content: '4단계' },
      headers: author.bearer,
    });
    expect(tooDeep.status).toBe(400);
    const second = await post(
      `/api/community/articles/${article}/comments`,
      '스택 위의 둘째 댓글',
      author.bearer,
    );

    // One identity racing itself, and a crowd racing each other: the counts match the votes held.
    const racing = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `/api/community/comments/${second}/vote`, {
          body: { voteType: 'like' },
          headers: reader.bearer,
        }),
      ),
    );
    expect(racing.every((response) => response.status === 200)).toBe(true);
    const crowd = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUp(`반응${i}${runId.slice(-4)}`)),
    );
    await Promise.all(
      crowd.map((who, i) =>
        call('POST', `/api/community/comments/${second}/vote`, {
          body: { voteType: i < 3 ? 'like' : 'dislike' },
          headers: who.bearer,
        }),
      ),
    );
    // The thread is the same for every reader; the racing reader's own reaction is the reader-state call's.
    const readerState = await call('GET', `/api/community/me/state?comments=${second}`, {
      headers: reader.bearer,
    });
    expect(readerState.status).toBe(200);
    const readersLike = readerState.body.data.comments[second].reaction === 'like' ? 1 : 0;
    await eventually(async () => {
      const held = (
        await call('GET', `/api/community/articles/${article}/comments`, { headers: reader.bearer })
      ).body.data.comments.find((c: { id: string }) => c.id === second);
      expect(held.likes).toBe(3 + readersLike);
      expect(held.dislikes).toBe(3);
      expect((await list('controversial')).comments[0].id).toBe(second);
    });
    expect((await list('oldest')).comments.map((c: { id: string }) => c.id)).toEqual([top, second]);
    expect((await list('latest')).comments.map((c: { id: string }) => c.id)).toEqual([second, top]);

    const removed = await call('DELETE', `/api/community/comments/${top}`, { headers: author.cookieWrite });
    expect(removed.body).toEqual({ success: true });
    const after = await list('oldest');
    expect(after.totalCount).toBe(4);
    expect(after.comments[0]).toMatchObject({ id: top, content: '삭제된 댓글입니다.', removed: 'deleted' });
    expect(after.comments[0].replies[0].replies[0].replies[0].content).toBe('3단계');
  });

  /** A text/event-stream body read as it arrives: the events, and when the first delta and the end came. */
  const readStream = async (response: Response) => {
    const decoder = new TextDecoder();
    const stream = response.body!.getReader();
    let text = '';
    let firstDeltaAt = 0;
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (!firstDeltaAt && text.includes('event: delta')) firstDeltaAt = Date.now();
    }
    const events = text
      .split('\n\n')
      .map((frame) => frame.split('\n').find((line) => line.startsWith('data: ')))
      .filter((line): line is string => !!line)
      .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent);
    return { events, firstDeltaAt, endedAt: Date.now() };
  };
  const untilSearchFinds = (id: string) =>
    eventually(
      async () => {
        const search = await fetch(`${contentUrl}/api/articles/search?q=${encodeURIComponent(marker)}`);
        const body = (await search.json()) as { articles: Array<{ id: string }> };
        expect(body.articles.map((a) => a.id)).toContain(id);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  const openSession = async (base: string, headers: Record<string, string>) => {
    const opened = await fetch(`${base}/api/community/assistant/sessions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(opened.status).toBe(200);
    return ((await opened.json()) as { data: { id: string } }).data.id;
  };

  it("streams the assistant's answer through the gateway, citing the article content's search found", async () => {
    await untilContentHas(articleId);
    await untilSearchFinds(articleId);
    const reader = await signUp(`비서${runId.slice(-4)}`);
    const sessionId = await openSession(gateway, reader.bearer);
    const requestsBefore = llmServer.requests.length;
    llmServer.enqueue(
      openAiReply.streamed(['덴쿤 업그레이드 뒤 ', '가스비가 절반 가까이 ', '떨어졌습니다 [1].'], 600),
    );
    const response = await fetch(`${gateway}/api/community/assistant/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { ...reader.bearer, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ content: `${marker} 가스비 알려줘` }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events, firstDeltaAt, endedAt } = await readStream(response);
    expect(events[0]).toMatchObject({ type: 'start', mode: 'llm' });
    expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(1);
    // The model paused 600 ms between pieces: the gateway passed the first one on before the last was written.
    expect(endedAt - firstDeltaAt).toBeGreaterThan(500);
    const done = events.at(-1);
    expect(done).toMatchObject({
      type: 'done',
      mode: 'llm',
      message: { role: 'assistant', content: '덴쿤 업그레이드 뒤 가스비가 절반 가까이 떨어졌습니다 [1].' },
    });
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.message.citations).toEqual([
      {
        index: 1,
        articleId,
        title: `${marker} 이더리움 가스비, 덴쿤 업그레이드 후 절반으로`,
        url: `/article/${articleId}`,
      },
    ]);
    // The passage the model was given came from content's search.
    const prompt = llmServer.requests[requestsBefore].body.messages.at(-1).content as string;
    expect(prompt).toContain(`[1] 제목: ${marker} 이더리움 가스비`);
  });

  it('answers in search-only mode, from the same content, when no LLM is configured', async () => {
    await untilContentHas(articleId);
    await untilSearchFinds(articleId);
    const requestsBefore = llmServer.requests.length;
    const signUpReply = await fetch(`${searchOnlyUrl}/api/community/auth/anonymous`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `검색${runId.slice(-4)}` }),
    });
    expect(signUpReply.status).toBe(201);
    const bearer = {
      authorization: `Bearer ${((await signUpReply.json()) as { data: { token: string } }).data.token}`,
    };
    const sessionId = await openSession(searchOnlyUrl, bearer);
    const response = await fetch(`${searchOnlyUrl}/api/community/assistant/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { ...bearer, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ content: `${marker} 가스비 알려줘` }),
    });
    const done = (await readStream(response)).events.at(-1);
    expect(done).toMatchObject({ type: 'done', mode: 'search-only' });
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.message.content).toContain('검색 전용 모드');
    expect(done.message.content).toContain(`[1] ${marker} 이더리움 가스비, 덴쿤 업그레이드 후 절반으로`);
    expect(done.message.citations).toEqual([expect.objectContaining({ index: 1, articleId })]);
    expect(llmServer.requests).toHaveLength(requestsBefore);
  });

  it('tells the asker when a new article joins the story of the article they asked about', async () => {
    await untilContentHas(articleId);
    // Community has content's article.published.v2 for the article: it knows the story.
    await eventually(
      async () =>
        expect((await call('GET', `/api/community/articles/${articleId}/questions`)).body.data.storyId).toBe(
          storyId,
        ),
      { timeoutMs: 60_000, intervalMs: 250 },
    ).catch((error: Error) => {
      error.message += output();
      throw error;
    });
    const asker = await signUp(`소식${runId.slice(-4)}`);
    const ask = await call('POST', '/api/community/questions', {
      body: {
        title: `덴쿤 이후 가스비가 계속 낮을까요 ${runId.slice(-8)}`,
        content: '업그레이드 뒤 가스비가 내려갔다는데 이 추세가 이어질지 궁금합니다.',
        category: 'blockchain',
        tagIds: [],
        tags: [],
        articleId,
      },
      headers: asker.bearer,
    });
    expect(ask.status).toBe(201);
    const questionId = ask.body.data.id as string;
    expect(
      (await call('GET', `/api/community/articles/${articleId}/questions`)).body.data.questions.map(
        (q: { id: string }) => q.id,
      ),
    ).toEqual([questionId]);
    expect((await call('GET', '/api/community/notifications', { headers: asker.bearer })).body.data).toEqual({
      notifications: [],
      unread: 0,
    });

    const followUp = `qsys-${runId}-a2`;
    await publishTranslated(
      translated(followUp, '레이어2 수수료도 함께 하락', '덴쿤 이후 레이어2 롤업 수수료도 크게 내려갔다.'),
    );
    const notices = await eventually(
      async () => {
        const reply = await call('GET', '/api/community/notifications', { headers: asker.bearer });
        expect(reply.body.data.unread).toBe(1);
        return reply.body.data;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    ).catch((error: Error) => {
      error.message += output();
      throw error;
    });
    expect(notices.notifications).toEqual([
      expect.objectContaining({
        kind: 'story-article',
        message: '질문하신 소식에 새 기사가 올라왔습니다',
        questionId,
        articleId: followUp,
        articleTitle: `${marker} 레이어2 수수료도 함께 하락`,
        url: `/article/${followUp}`,
        read: false,
      }),
    ]);
  });
});
