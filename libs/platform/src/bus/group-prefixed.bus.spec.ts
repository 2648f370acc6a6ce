import { eventually } from '@pulse/testing';
import pino from 'pino';
import { busConfigSchema } from './bus.config';
import { createEventBus } from './bus.factory';
import { createEnvelope } from './create-envelope';
import { GroupPrefixedBus } from './group-prefixed.bus';
import { InProcessEventBus } from './embedded/in-process.bus';

describe('BUS_GROUP_PREFIX', () => {
  it('gives each prefixed deployment every event in its own groups', async () => {
    const shared = new InProcessEventBus();
    const seen: Record<string, string[]> = { 'run-a.': [], 'run-b.': [] };
    const subscriptions = await Promise.all(
      Object.keys(seen).map((prefix) =>
        new GroupPrefixedBus(shared, prefix).subscribe({
          topic: 'demo.topic',
          group: 'translation',
          handler: (event) => void seen[prefix].push(event.id),
        }),
      ),
    );
    const envelope = createEnvelope({
      type: 'demo.topic',
      version: 1,
      source: 'test',
      key: 'k',
      payload: {},
    });
    await shared.publish('demo.topic', envelope);
    await eventually(() => expect(seen).toEqual({ 'run-a.': [envelope.id], 'run-b.': [envelope.id] }));
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
    await shared.close();
  });

  it('is applied by the factory only when set', async () => {
    const deps = { logger: pino({ level: 'silent' }), serviceName: 't' };
    const prefixed = createEventBus(busConfigSchema.parse({ BUS_GROUP_PREFIX: 'run-a.' }), deps);
    const plain = createEventBus(busConfigSchema.parse({}), deps);
    expect(prefixed).toBeInstanceOf(GroupPrefixedBus);
    expect(plain).not.toBeInstanceOf(GroupPrefixedBus);
    await Promise.all([prefixed.close(), plain.close()]);
  });

  it('refuses a prefix that is not a valid group name part, naming the variable', () => {
    const result = busConfigSchema.safeParse({ BUS_GROUP_PREFIX: 'has space' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['BUS_GROUP_PREFIX']);
  });
});
