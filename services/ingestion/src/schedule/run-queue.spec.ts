import pino from 'pino';
import type { RunSourceService } from '../runs/run-source.service';
import type { IngestionConfig } from './ingestion.config';
import { RunQueue } from './run-queue';

/** A runner whose runs end when the test says; records the order runs and pushes started in. */
function harness(concurrency: number) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const runner = {
    run: (sourceId: string) => {
      started.push(`poll ${sourceId}`);
      return new Promise<void>((resolve) => finish.set(`poll ${sourceId}`, resolve));
    },
  } as unknown as RunSourceService;
  const queue = new RunQueue(
    runner,
    { INGESTION_CONCURRENCY: concurrency } as IngestionConfig,
    pino({ level: 'silent' }),
  );
  const push = (sourceId: string) =>
    queue.pushed(sourceId, () => {
      started.push(`push ${sourceId}`);
      return new Promise<void>((resolve) => finish.set(`push ${sourceId}`, resolve));
    });
  const end = async (name: string) => {
    finish.get(name)!();
    // Let the run's settlement and the next pump happen.
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  };
  return { queue, started, push, end };
}

describe('RunQueue: pushes share INGESTION_CONCURRENCY with polls', () => {
  it('a push waits for a free slot, then goes ahead of the polls waiting', async () => {
    const { queue, started, push, end } = harness(1);
    queue.enqueue('a', 'schedule');
    queue.enqueue('b', 'schedule');
    const pushed = push('c');
    expect(started).toEqual(['poll a']);
    await end('poll a');
    expect(started).toEqual(['poll a', 'push c']);
    await end('push c');
    await pushed;
    expect(started).toEqual(['poll a', 'push c', 'poll b']);
    expect(queue.size).toBe(1);
  });

  it('a push for a source being polled waits for that poll, even with slots free', async () => {
    const { started, push, end, queue } = harness(3);
    queue.enqueue('a', 'schedule');
    const pushed = push('a');
    void push('b');
    await Promise.resolve();
    expect(started).toEqual(['poll a', 'push b']);
    await end('poll a');
    expect(started).toEqual(['poll a', 'push b', 'push a']);
    await end('push a');
    await pushed;
  });

  it('refuses the pushes still waiting at shutdown, so the hub delivers them again', async () => {
    const { queue, push, end } = harness(1);
    queue.enqueue('a', 'schedule');
    const pushed = push('b');
    const stopping = queue.onModuleDestroy();
    await expect(pushed).rejects.toThrow('shutting down');
    await end('poll a');
    await stopping;
    await expect(push('c')).rejects.toThrow('shutting down');
  });
});
