import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Controller, Module } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ARTICLE_PUBLISHED_TOPIC,
  deadLetterTopic,
  type ArticlePublishedPayload,
  type EventEnvelope,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import pino from 'pino';
import { InProcessEventBus, publishEvent } from '../bus';
import { currentTraceparent, startTelemetry, stopTelemetry, withSpan } from '../observability';
import { EmbeddedDocumentStore } from '../store';
import { createServiceApp } from './create-service-app';

const handled: Array<{ id: string; traceparent?: string }> = [];

@Controller()
class PublishedArticles {
  @EventPattern<string>(ARTICLE_PUBLISHED_TOPIC)
  onPublished(@Payload() event: EventEnvelope<ArticlePublishedPayload>) {
    handled.push({ id: event.payload.id, traceparent: currentTraceparent() });
  }
}

@Module({ controllers: [PublishedArticles] })
class ListenerModule {}

const payload = (id: string): ArticlePublishedPayload => ({
  id,
  type: 'news',
  title: '오픈AI, 새 추론 모델 공개',
  summary: '요약',
  categories: ['gen-ai'],
  tags: ['OpenAI'],
  publishedAt: '2026-11-21T09:00:00.000Z',
  url: `/news/${id}`,
  imageUrl: null,
});

/** A service's @EventPattern handlers, fed by the bus through createServiceApp, as every service uses them. */
describe('service event handlers', () => {
  let dataDir: string;
  let bus: InProcessEventBus;
  let store: EmbeddedDocumentStore;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    startTelemetry({ serviceName: 'listener' });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-service-events-'));
    bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
    store = await EmbeddedDocumentStore.open({ dataDir });
    const definition = {
      name: 'listener',
      module: ListenerModule,
      uses: ['bus', 'store'] as const,
      defaultPort: 0,
      httpPrefixes: [],
    };
    app = await createServiceApp(definition, { bus, store }, pino({ level: 'silent' }));
  });

  afterAll(async () => {
    await app.close();
    await bus.close();
    await store.close();
    await stopTelemetry();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('handles a redelivered envelope once, remembering it in the service’s own store', async () => {
    const envelope = await publishEvent(bus, ARTICLE_PUBLISHED_TOPIC, payload('a-1'), { source: 'content' });
    await eventually(() => expect(handled.map((h) => h.id)).toEqual(['a-1']));
    await bus.publish(ARTICLE_PUBLISHED_TOPIC, envelope);
    await publishEvent(bus, ARTICLE_PUBLISHED_TOPIC, payload('a-2'), { source: 'content' });
    await eventually(() => expect(handled.map((h) => h.id)).toEqual(['a-1', 'a-2']));
    const record = await store
      .collection<{ _id: string }>('bus_processed_ids')
      .findOne({ _id: `listener.${ARTICLE_PUBLISHED_TOPIC}:${envelope.id}` });
    expect(record).not.toBeNull();
  });

  it('runs the handler in the producer’s trace', async () => {
    let producerTraceparent = '';
    await withSpan('publish', async () => {
      producerTraceparent = currentTraceparent() ?? '';
      await publishEvent(bus, ARTICLE_PUBLISHED_TOPIC, payload('a-3'), { source: 'content' });
    });
    const traceId = producerTraceparent.split('-')[1];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const seen = await eventually(() => {
      const entry = handled.find((h) => h.id === 'a-3');
      if (!entry) throw new Error('not handled yet');
      return entry;
    });
    expect(seen.traceparent?.split('-')[1]).toBe(traceId);
  });

  it('sends an envelope that breaks the topic’s contract to the dead-letter topic, not to the handler', async () => {
    const dead: string[] = [];
    const subscription = await bus.subscribe({
      topic: deadLetterTopic(ARTICLE_PUBLISHED_TOPIC),
      group: 'dlt-reader',
      handler: (e) => void dead.push(e.id),
    });
    const broken = {
      ...(await publishEvent(bus, ARTICLE_PUBLISHED_TOPIC, payload('a-4'), { source: 'content' })),
    };
    await eventually(() => expect(handled.map((h) => h.id)).toContain('a-4'));
    const poison = { ...broken, id: 'poison-1', payload: { ...broken.payload, categories: ['cooking'] } };
    await bus.publish(ARTICLE_PUBLISHED_TOPIC, poison);
    await eventually(() => expect(dead).toEqual(['poison-1']));
    expect(handled).toHaveLength(4);
    await subscription.close();
  });
});
