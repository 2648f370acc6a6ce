import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEventBusContract, eventually } from '@pulse/testing';
import { createEnvelope } from '../create-envelope';
import { InProcessEventBus } from './in-process.bus';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bus-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describeEventBusContract(
  'in-process, on disk',
  () => new InProcessEventBus({ dataDir: freshDir(), backoff: { initialMs: 10, maxMs: 50 } }),
);

describe('in-process bus on disk: durability', () => {
  const event = (seq: number, key = 'article-1') =>
    createEnvelope({ type: 'article.collected', version: 1, source: 'ingestion', key, payload: { seq } });

  it('after a restart, delivers what was published but not consumed, and nothing the group committed', async () => {
    const dataDir = freshDir();
    const first = new InProcessEventBus({ dataDir });
    const consumedBefore: number[] = [];
    const subscription = await first.subscribe<{ seq: number }>({
      topic: 'articles',
      group: 'content',
      handler: (e) => void consumedBefore.push(e.payload.seq),
    });
    await first.publish('articles', [event(1), event(2), event(3)]);
    await eventually(() => expect(consumedBefore).toEqual([1, 2, 3]));
    await subscription.close();
    await first.publish('articles', [event(4), event(5)]);
    await first.close();

    const second = new InProcessEventBus({ dataDir });
    const consumedAfter: number[] = [];
    await second.subscribe<{ seq: number }>({
      topic: 'articles',
      group: 'content',
      handler: (e) => void consumedAfter.push(e.payload.seq),
    });
    await eventually(() => expect(consumedAfter).toEqual([4, 5]));
    await second.close();
  });

  it('refuses a second bus on a data dir that is in use, and takes over a lock whose process is gone', async () => {
    const dataDir = freshDir();
    const bus = new InProcessEventBus({ dataDir });
    expect(() => new InProcessEventBus({ dataDir })).toThrow(/already open in this process/);
    await bus.close();
    // What SIGKILL leaves behind: a lock naming a process that no longer exists.
    fs.writeFileSync(path.join(dataDir, 'LOCK'), '2147483646\n');
    const after = new InProcessEventBus({ dataDir });
    await expect(after.check()).resolves.toEqual({ ok: true });
    await after.close();
  });

  it('drops a last line cut short by a crash and keeps every complete record', async () => {
    const dataDir = freshDir();
    const bus = new InProcessEventBus({ dataDir, partitions: 1 });
    await bus.publish('articles', [event(1), event(2)]);
    await bus.close();
    const segment = path.join(dataDir, 'topics', 'articles', '0', '00000000000000000000.log');
    fs.appendFileSync(segment, '{"h":{},"e":{"id":"torn');

    const reopened = new InProcessEventBus({ dataDir });
    const seen: number[] = [];
    await reopened.subscribe<{ seq: number }>({
      topic: 'articles',
      group: 'g',
      handler: (e) => void seen.push(e.payload.seq),
    });
    await reopened.publish('articles', event(3));
    await eventually(() => expect(seen).toEqual([1, 2, 3]));
    await reopened.close();
  });

  it('keeps the partition count a topic was created with', async () => {
    const dataDir = freshDir();
    const bus = new InProcessEventBus({ dataDir, partitions: 2 });
    await bus.publish('articles', event(1));
    await bus.close();
    const reopened = new InProcessEventBus({ dataDir, partitions: 5 });
    await reopened.publish('articles', event(2));
    await reopened.close();
    expect(fs.readdirSync(path.join(dataDir, 'topics', 'articles')).sort()).toEqual(['0', '1', 'meta.json']);
  });
});
