import 'reflect-metadata';
import { Controller, Inject, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { deadLetterTopic, type EventEnvelope } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import type { EventContext } from '../bus.port';
import { createEnvelope } from '../create-envelope';
import { InProcessEventBus } from '../embedded/in-process.bus';
import { PulseBusExceptionFilter } from './bus-exception.filter';
import { PulseBusContext } from './bus.context';
import { PulseBusTransport } from './bus.transport';

const COLLECTED = 'spec.article.collected';
const TRANSLATE = 'spec.article.translate';
const SEEN = Symbol('seen');

interface Seen {
  handled: Array<{ event: EventEnvelope<{ title: string }>; attempt: number }>;
  failures: number;
}

@Controller()
class ArticleEvents {
  constructor(@Inject(SEEN) private readonly seen: Seen) {}

  @EventPattern<string>(COLLECTED)
  async collected(@Payload() event: EventEnvelope<{ title: string }>, @Ctx() context: PulseBusContext) {
    this.seen.handled.push({ event, attempt: context.delivery.attempt });
  }

  @EventPattern<string>(TRANSLATE, { maxAttempts: 2 })
  translate() {
    this.seen.failures++;
    throw new Error('translation model refused the article');
  }
}

describe('PulseBusTransport: @EventPattern handlers over the EventBus port', () => {
  let bus: InProcessEventBus;
  let app: INestMicroservice;
  let seen: Seen;

  async function boot(options: { filter: boolean }) {
    seen = { handled: [], failures: 0 };
    @Module({ controllers: [ArticleEvents], providers: [{ provide: SEEN, useValue: seen }] })
    class SpecModule {}
    app = await NestFactory.createMicroservice(SpecModule, {
      strategy: new PulseBusTransport(bus, 'spec-service', { backoff: { initialMs: 5, maxMs: 10 } }),
      logger: false,
    });
    if (options.filter) app.useGlobalFilters(new PulseBusExceptionFilter());
    await app.listen();
  }

  /** Reads the DLT as another group would. */
  async function deadLetters(topic: string) {
    const dead: EventContext[] = [];
    await bus.subscribe({
      topic: deadLetterTopic(topic),
      group: 'dlt-reader',
      handler: (_event, context) => void dead.push(context),
    });
    return dead;
  }

  beforeEach(() => {
    bus = new InProcessEventBus();
  });
  afterEach(async () => {
    await app?.close();
    await bus.close();
  });

  it('runs the handler of a topic with the envelope and the delivery context', async () => {
    await boot({ filter: true });
    const event = createEnvelope({
      type: COLLECTED,
      version: 1,
      source: 'ingestion',
      key: 'a-1',
      payload: { title: 'OpenAI 발표' },
    });
    await bus.publish(COLLECTED, event);
    await eventually(() => expect(seen.handled).toEqual([{ event, attempt: 1 }]));
  });

  it('retries a throwing handler and dead-letters the event with the original error', async () => {
    await boot({ filter: true });
    const dead = await deadLetters(TRANSLATE);
    await bus.publish(
      TRANSLATE,
      createEnvelope({ type: TRANSLATE, version: 1, source: 'spec', key: 'a-2', payload: {} }),
    );
    await eventually(() => expect(dead).toHaveLength(1));
    expect(seen.failures).toBe(2);
    expect(dead[0].deadLetter).toMatchObject({
      attempts: 2,
      group: 'spec-service.spec.article.translate',
      error: {
        message: 'translation model refused the article',
        stack: expect.stringContaining('ArticleEvents.translate'),
      },
    });
  });

  it("still dead-letters without the filter, with Nest's generic message", async () => {
    await boot({ filter: false });
    const dead = await deadLetters(TRANSLATE);
    await bus.publish(
      TRANSLATE,
      createEnvelope({ type: TRANSLATE, version: 1, source: 'spec', key: 'a-3', payload: {} }),
    );
    await eventually(() => expect(dead).toHaveLength(1));
    expect(dead[0].deadLetter?.error.message).toBe('Internal server error');
  });
});
