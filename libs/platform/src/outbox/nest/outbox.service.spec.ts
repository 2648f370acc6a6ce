import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Body,
  Controller,
  Get,
  Inject,
  Injectable,
  Module,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  QUESTION_CREATED_TOPIC,
  TOPICS,
  type EventEnvelope,
  type QuestionCreatedPayload,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import pino from 'pino';
import { InProcessEventBus } from '../../bus';
import { createServiceApp } from '../../nest/create-service-app';
import { DOCUMENT_STORE, OUTBOX, OUTBOX_RELAY } from '../../nest/tokens';
import { startTelemetry, stopTelemetry } from '../../observability';
import { EmbeddedDocumentStore, type Collection, type DocumentStore } from '../../store';
import { excludeOutbox, OUTBOX_FIELD } from '../outbox-field';
import type { OutboxRelay } from '../outbox.relay';
import type { OutboxWriter } from '../outbox.writer';

interface Question {
  _id: string;
  title: string;
  createdAt: string;
}

/** A repository as services write them: registers its collection, writes state and event in one call. */
@Injectable()
class QuestionsRepository {
  private readonly questions: Collection<Question>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register('questions');
    this.questions = store.collection<Question>('questions');
  }

  async create(id: string, title: string): Promise<Question> {
    const question = { _id: id, title, createdAt: '2026-01-01T09:00:00.000Z' };
    const created = this.outbox.event(TOPICS.questionCreated, {
      questionId: id,
      authorId: 'u-1',
      title,
      category: 'gen-ai',
      tags: [],
      createdAt: question.createdAt,
    });
    await this.outbox.insertOne(this.questions, question, [created]);
    return question;
  }

  findById(id: string): Promise<Question | null> {
    return this.questions.findOne({ _id: id }, { projection: excludeOutbox() });
  }
}

@Controller('questions')
class QuestionsController {
  constructor(private readonly repository: QuestionsRepository) {}

  @Post()
  create(@Body() body: { id: string; title: string }) {
    return this.repository.create(body.id, body.title);
  }

  @Get(':id')
  async get(@Param('id') id: string) {
    const question = await this.repository.findById(id);
    if (!question) throw new NotFoundException();
    return question;
  }
}

@Module({ controllers: [QuestionsController], providers: [QuestionsRepository] })
class QuestionsModule {}

const received: Array<EventEnvelope<QuestionCreatedPayload>> = [];

/** Another service in the same process, fed by the same bus, as in embedded mode. */
@Controller()
class QuestionListener {
  @EventPattern<string>(QUESTION_CREATED_TOPIC)
  onCreated(@Payload() event: EventEnvelope<QuestionCreatedPayload>) {
    received.push(event);
  }
}

@Module({ controllers: [QuestionListener] })
class ListenerModule {}

const ADMIN_TOKEN = 'outbox-admin-token-0123456789';

describe('the outbox in a service built by createServiceApp', () => {
  let dataDir: string;
  let bus: InProcessEventBus;
  let store: EmbeddedDocumentStore;
  let producer: NestFastifyApplication;
  let listener: NestFastifyApplication;
  let producerClosed = false;
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    startTelemetry({ serviceName: 'outbox-probe' });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-outbox-service-'));
    bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
    store = await EmbeddedDocumentStore.open({ dataDir });
    const service = { defaultPort: 0, httpPrefixes: [] };
    listener = await createServiceApp(
      { ...service, name: 'listener', module: ListenerModule, uses: ['bus'] },
      { bus },
      logger,
      {},
      { adminToken: ADMIN_TOKEN },
    );
    producer = await createServiceApp(
      { ...service, name: 'community', module: QuestionsModule, uses: ['bus', 'store'] },
      { bus, store },
      logger,
      {},
      { adminToken: ADMIN_TOKEN },
    );
  });

  afterAll(async () => {
    if (!producerClosed) await producer?.close();
    await listener?.close();
    await bus?.close();
    await store?.close();
    await stopTelemetry();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes the event a request stored with its document to another service, in the request’s trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await producer.inject({
      method: 'POST',
      url: '/questions',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      payload: { id: 'q-1', title: '에이전트 평가는 어떻게 하나요?' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      _id: 'q-1',
      title: '에이전트 평가는 어떻게 하나요?',
      createdAt: '2026-01-01T09:00:00.000Z',
    });

    await eventually(() => expect(received.map((event) => event.payload.questionId)).toEqual(['q-1']));
    expect(received[0]).toMatchObject({ type: QUESTION_CREATED_TOPIC, source: 'community', key: 'q-1' });
    expect(received[0].traceparent?.split('-')[1]).toBe(traceId);

    const read = await producer.inject({ method: 'GET', url: '/questions/q-1' });
    expect(read.body).not.toContain(OUTBOX_FIELD);
  });

  it('reports the relay on /readyz, and gives the outbox only to a service with both a store and the bus', async () => {
    // The checks are the admin's to read (health.controller.ts).
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const ready = await producer.inject({ method: 'GET', url: '/readyz', headers: admin });
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { outbox: { ok: true, adapter: 'in-document' } },
    });
    const listenerReady = await listener.inject({ method: 'GET', url: '/readyz', headers: admin });
    // No store, so no relay (and no OUTBOX provider: injecting it fails at start, like an undeclared port).
    expect(Object.keys(listenerReady.json().checks)).toEqual(['bus']);
  });

  it('stops the relay when the app closes, before the bus and store do: a later write waits in its document', async () => {
    const writer = producer.get<OutboxWriter>(OUTBOX);
    const relay = producer.get<OutboxRelay>(OUTBOX_RELAY);
    await producer.close();
    producerClosed = true;
    await expect(relay.check()).resolves.toEqual({ ok: true });

    const questions = store.collection<Question & { [OUTBOX_FIELD]?: EventEnvelope[] }>('questions');
    const late = writer.event(TOPICS.questionCreated, {
      questionId: 'q-2',
      authorId: 'u-1',
      title: '늦은 질문',
      category: 'gen-ai',
      tags: [],
      createdAt: '2026-01-01T09:00:00.000Z',
    });
    await writer.insertOne(questions, { _id: 'q-2', title: '늦은 질문', createdAt: late.occurredAt }, [late]);
    // The relay's loop ended inside app.close(), so nothing can publish or pull this any more.
    await expect(questions.findOne({ _id: 'q-2' })).resolves.toMatchObject({ [OUTBOX_FIELD]: [late] });
  });
});
