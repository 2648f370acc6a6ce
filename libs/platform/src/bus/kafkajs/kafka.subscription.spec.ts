import { KafkaJSProtocolError, type Consumer } from 'kafkajs';
import { subscribeOnceKnown } from './kafka.subscription';

/** A consumer whose subscribe() answers the given errors first, then succeeds. */
function consumerFailing(...errors: Error[]): { consumer: Consumer; calls: () => number } {
  let calls = 0;
  const consumer = {
    subscribe: async () => {
      const error = errors[calls++];
      if (error) throw error;
    },
  } as unknown as Consumer;
  return { consumer, calls: () => calls };
}

const protocolError = (type: string, code: number) =>
  Object.assign(new KafkaJSProtocolError(`${type} from the broker`), { type, code });

describe('subscribeOnceKnown', () => {
  it('asks again while the broker does not know the topic yet or has no leader for it', async () => {
    const { consumer, calls } = consumerFailing(
      protocolError('UNKNOWN_TOPIC_OR_PARTITION', 3),
      protocolError('LEADER_NOT_AVAILABLE', 5),
    );
    await subscribeOnceKnown(consumer, 'article.published');
    expect(calls()).toBe(3);
  });

  it('passes any other error on at once', async () => {
    const { consumer, calls } = consumerFailing(protocolError('TOPIC_AUTHORIZATION_FAILED', 29));
    await expect(subscribeOnceKnown(consumer, 'article.published')).rejects.toThrow(
      'TOPIC_AUTHORIZATION_FAILED',
    );
    expect(calls()).toBe(1);
  });
});
