import type { z } from 'zod';
import { deadLetterTopic } from './envelope';
import { buildEnvelope, EventValidationError, parseEvent } from './parse-event';
import { ALL_TOPICS, eventRegistry, isTopic, TOPICS } from './registry';
import type { Topic } from './registry';

const at = '2025-03-01T09:00:00+09:00';
const source = {
  sourceId: 'src-techcrunch',
  sourceName: 'TechCrunch',
  url: 'https://techcrunch.com/2025/03/01/openai-model/?utm_source=rss',
  canonicalUrl: 'https://techcrunch.com/2025/03/01/openai-model/',
  title: 'OpenAI ships a new model',
  author: 'Jane Doe',
  publishedAt: '2025-03-01T00:00:00Z',
};

/** One valid payload per topic; the mapped type makes a new topic without a sample a compile error. */
const samples: { [T in Topic]: z.input<(typeof eventRegistry)[T]['schema']> } = {
  'article.collected': {
    clusterId: 'cl-1',
    sources: [source],
    title: 'OpenAI ships a new model',
    summary: 'A new model.',
    bodyHtml: '<p>Body</p>',
    imageUrl: null,
    youtubeVideoIds: ['dQw4w9WgXcQ'],
    language: 'en',
    collectedAt: at,
  },
  'article.translated': {
    articleId: 'a-1',
    clusterId: 'cl-1',
    title: '오픈AI, 새 모델 공개',
    summary: '오픈AI가 새 모델을 공개했다.',
    bodyHtml: '<p>본문</p>',
    primaryCategory: 'gen-ai',
    secondaryCategory: 'big-tech',
    tags: ['OpenAI'],
    contentType: 'news',
    keyInsights: [],
    translationStatus: 'translated',
    model: 'gpt-4o-mini',
    usage: { promptTokens: 1000, completionTokens: 800, totalTokens: 1800 },
    sources: [source],
    imageUrl: 'https://cdn.example.com/a.jpg',
    youtubeVideos: [{ embedId: 'dQw4w9WgXcQ' }],
    translatedAt: at,
  },
  'article.published': {
    id: 'a-1',
    type: 'news',
    title: '오픈AI, 새 모델 공개',
    summary: '요약',
    categories: ['gen-ai', 'big-tech'],
    tags: ['OpenAI'],
    publishedAt: at,
    url: '/news/a-1',
    imageUrl: null,
  },
  'article.published.v2': {
    id: 'a-1',
    type: 'news',
    title: '오픈AI, 새 모델 공개',
    summary: '요약',
    categories: ['gen-ai', 'big-tech'],
    tags: ['OpenAI'],
    publishedAt: at,
    url: '/news/a-1',
    imageUrl: null,
    storyId: 'cl-1',
    sources: [{ sourceName: 'TechCrunch', url: 'https://techcrunch.com/a' }],
  },
  'article.withdrawn': { id: 'a-1', withdrawnAt: at },
  'article.engaged': {
    articleId: 'a-1',
    kind: 'share',
    platform: 'twitter',
    sessionKey: 'f'.repeat(64),
    occurredAt: at,
  },
  'techanalysis.published': {
    id: 'ta-1',
    title: '쿠버네티스 오퍼레이터 분석',
    summary: '조정 루프로 상태를 맞춥니다.',
    technologyName: 'Kubernetes',
    technologyCategory: 'cloud_native',
    publishedAt: at,
    url: '/tech-analysis/kubernetes',
  },
  'trending.scores-updated': {
    computedAt: at,
    scores: [{ articleId: 'a-1', hotScore: 120.5, viewsPerHour: 60, isHotTopic: true }],
  },
  'question.created': {
    questionId: 'q-1',
    authorId: 'u-1',
    title: 'GPT API 비용을 줄이는 방법이 있을까요?',
    category: 'gen-ai',
    tags: ['ChatGPT', '비용'],
    createdAt: at,
  },
  'answer.created': { answerId: 'an-1', questionId: 'q-1', authorId: 'u-2', createdAt: at },
  'answer.accepted': {
    questionId: 'q-1',
    answerId: 'an-1',
    answerAuthorId: 'u-2',
    acceptedBy: 'u-1',
    previousAnswerId: null,
    acceptedAt: at,
  },
  'newsletter.subscribed': { subscriberId: 's-1', email: 'reader@example.com', subscribedAt: at },
  'source.updated': {
    id: 'openai-blog',
    name: 'OpenAI Blog',
    description: 'Research, product and company announcements from OpenAI.',
    sourceType: 'rss',
    url: 'https://openai.com/news/rss.xml',
    imageUrl: null,
    enabled: true,
    updatedAt: at,
  },
  'staff.action.recorded': {
    actor: { id: 'st-1', name: 'editor-kim', role: 'editor', via: 'session' },
    action: 'POST /api/ingestion/sources/:id/pause',
    service: 'ingestion',
    method: 'POST',
    path: '/api/ingestion/sources/openai-blog/pause',
    target: { id: 'openai-blog' },
    status: 200,
    at,
    address: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    change: { before: { paused: false }, after: { paused: true } },
  },
};

const envelopeFor = (topic: string, payload: unknown, version = 1) => ({
  id: 'evt-1',
  type: topic,
  version,
  occurredAt: at,
  source: 'test',
  key: 'k',
  payload,
});

describe('event registry', () => {
  it('has an entry with a schema and a version for every TOPICS entry', () => {
    for (const topic of Object.values(TOPICS)) {
      const definition = eventRegistry[topic];
      expect(definition.topic).toBe(topic);
      expect(Number.isInteger(definition.version) && definition.version >= 1).toBe(true);
      expect(typeof definition.schema.safeParse).toBe('function');
      expect(typeof definition.partitionKey).toBe('function');
    }
    expect(Object.keys(eventRegistry).sort()).toEqual([...ALL_TOPICS].sort());
  });

  it('keeps topic names unique, dotted and distinct from dead-letter names', () => {
    expect(new Set(ALL_TOPICS).size).toBe(ALL_TOPICS.length);
    for (const topic of ALL_TOPICS) {
      // A later version is a topic of its own with a '.v2' suffix (article-published-v2.event.ts).
      expect(topic).toMatch(/^[a-z]+(\.[a-z-]+)+(\.v[2-9])?$/);
      expect(ALL_TOPICS).not.toContain(deadLetterTopic(topic));
    }
    expect(isTopic('article.collected')).toBe(true);
    expect(isTopic('toString')).toBe(false);
  });

  it.each(ALL_TOPICS)('parses a valid %s envelope', (topic) => {
    const { version } = eventRegistry[topic];
    const result = parseEvent(topic, envelopeFor(topic, samples[topic], version));
    expect(result).toMatchObject({ ok: true, event: { type: topic, version } });
  });
});

describe('parseEvent', () => {
  it('returns the typed payload', () => {
    const result = parseEvent(
      TOPICS.articleEngaged,
      envelopeFor('article.engaged', samples['article.engaged']),
    );
    if (!result.ok) throw result.error;
    const payload = result.event.payload;
    expect(payload.kind === 'share' ? payload.platform : undefined).toBe('twitter');
  });

  it('rejects a payload missing a field and names the field', () => {
    const { clusterId: _dropped, ...payload } = samples['article.collected'];
    const result = parseEvent(TOPICS.articleCollected, envelopeFor('article.collected', payload));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(EventValidationError);
    expect(result.error.message).toContain('clusterId');
  });

  it('rejects values outside the vocabulary and a share without a platform', () => {
    const translated = { ...samples['article.translated'], primaryCategory: 'crypto' };
    expect(parseEvent(TOPICS.articleTranslated, envelopeFor('article.translated', translated)).ok).toBe(
      false,
    );
    const longSummary = { ...samples['article.translated'], summary: '가'.repeat(161) };
    expect(parseEvent(TOPICS.articleTranslated, envelopeFor('article.translated', longSummary)).ok).toBe(
      false,
    );
    const share = { articleId: 'a-1', kind: 'share', sessionKey: 'f'.repeat(64), occurredAt: at };
    expect(parseEvent(TOPICS.articleEngaged, envelopeFor('article.engaged', share)).ok).toBe(false);
  });

  it('accepts article.translated with or without the optional sample flag (demo corpus), and only true', () => {
    const parse = (payload: object) =>
      parseEvent(TOPICS.articleTranslated, envelopeFor('article.translated', payload)).ok;
    expect(parse({ ...samples['article.translated'], sample: true })).toBe(true);
    expect(parse(samples['article.translated'])).toBe(true);
    expect(parse({ ...samples['article.translated'], sample: 'yes' })).toBe(false);
  });

  it('accepts source.updated with or without its poll interval and WebSub state, and only valid ones', () => {
    const parse = (payload: object) =>
      parseEvent(TOPICS.sourceUpdated, envelopeFor('source.updated', payload));
    const withState = {
      ...samples['source.updated'],
      pollIntervalSeconds: 900,
      websub: { state: 'subscribed', leaseExpiresAt: at },
    };
    const parsed = parse(withState);
    expect(parsed.ok && parsed.event.payload).toMatchObject({
      pollIntervalSeconds: 900,
      websub: { state: 'subscribed', leaseExpiresAt: at },
    });
    expect(parse(samples['source.updated']).ok).toBe(true);
    expect(parse({ ...withState, pollIntervalSeconds: 0 }).ok).toBe(false);
    expect(parse({ ...withState, websub: { state: 'maybe', leaseExpiresAt: null } }).ok).toBe(false);
  });

  it('rejects a javascript: URL from a feed', () => {
    const payload = { ...samples['article.collected'], sources: [{ ...source, url: 'javascript:alert(1)' }] };
    const result = parseEvent(TOPICS.articleCollected, envelopeFor('article.collected', payload));
    expect(result.ok ? '' : result.error.message).toContain('sources.0.url');
  });

  it('rejects an envelope for another topic, another version or no envelope at all', () => {
    const payload = samples['article.published'];
    const wrongType = parseEvent(TOPICS.articlePublished, envelopeFor('article.collected', payload));
    expect(wrongType.ok ? '' : wrongType.error.message).toContain('does not match the topic');
    const wrongVersion = parseEvent(TOPICS.articlePublished, envelopeFor('article.published', payload, 2));
    expect(wrongVersion.ok ? '' : wrongVersion.error.message).toContain('version 2');
    const notEnvelope = parseEvent(TOPICS.articlePublished, payload);
    expect(notEnvelope.ok ? '' : notEnvelope.error.message).toContain('invalid envelope');
  });
});

describe('buildEnvelope', () => {
  it('fills type, version and the aggregate key, and round-trips through parseEvent', () => {
    const envelope = buildEnvelope(TOPICS.answerAccepted, samples['answer.accepted'], {
      source: 'community',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });
    expect(envelope).toMatchObject({ type: 'answer.accepted', version: 1, key: 'q-1', source: 'community' });
    expect(envelope.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parseEvent(TOPICS.answerAccepted, envelope).ok).toBe(true);
  });

  it('uses one key for every trending batch so batches stay in order', () => {
    const a = buildEnvelope(TOPICS.trendingScoresUpdated, samples['trending.scores-updated'], {
      source: 'trending',
    });
    const b = buildEnvelope(
      TOPICS.trendingScoresUpdated,
      { computedAt: at, scores: [] },
      { source: 'trending' },
    );
    expect(a.key).toBe(b.key);
  });

  it('throws on an invalid payload, naming the field', () => {
    const bad = { ...samples['newsletter.subscribed'], email: 'not-an-email' };
    expect(() => buildEnvelope(TOPICS.newsletterSubscribed, bad, { source: 'newsletter' })).toThrow(/email/);
  });
});
