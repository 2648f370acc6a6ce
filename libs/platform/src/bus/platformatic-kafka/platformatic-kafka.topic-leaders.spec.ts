import { loadPlatformaticKafka } from './platformatic-kafka.library';
import { waitForLeaders } from './platformatic-kafka.topic-leaders';

type Metadata = Awaited<ReturnType<Parameters<typeof waitForLeaders>[0]['metadata']>>;

const TOPIC = 'article.collected.dlt';

/** Metadata as the client gives it once the topic has a leader on every partition. */
function settled(): Metadata {
  return {
    topics: new Map([[TOPIC, { partitions: [{ leader: 1 }, { leader: 2 }] }]]),
  } as unknown as Metadata;
}

/** An admin whose metadata calls fail with each of `failures` in turn, then answer `settled()`. */
function adminFailingWith(failures: unknown[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    metadata: async () => {
      calls += 1;
      const failure = failures[calls - 1];
      if (failure) throw failure;
      return settled();
    },
  };
}

describe('waiting for a new topic to settle (@platformatic/kafka)', () => {
  it("waits out the client's own 'Unknown topic' error, which a second replica gets just after the first created the topic", async () => {
    // The library's real error class, as its metadata call raises it for UNKNOWN_TOPIC_OR_PARTITION.
    const { UserError } = await loadPlatformaticKafka();
    const unknown = new UserError(`Unknown topic ${TOPIC}.`);
    const admin = adminFailingWith([unknown, unknown]);
    await waitForLeaders(admin, TOPIC, 5_000);
    expect(admin.calls).toBe(3);
  });

  it("waits out the broker's LEADER_NOT_AVAILABLE, nested as the client nests it", async () => {
    const admin = adminFailingWith([{ errors: [{ errors: [{ apiId: 'LEADER_NOT_AVAILABLE' }] }] }]);
    await waitForLeaders(admin, TOPIC, 5_000);
    expect(admin.calls).toBe(2);
  });

  it('fails at once on any other error', async () => {
    const { UserError } = await loadPlatformaticKafka();
    const admin = adminFailingWith([new UserError('Invalid broker.')]);
    await expect(waitForLeaders(admin, TOPIC, 5_000)).rejects.toThrow('Invalid broker.');
    expect(admin.calls).toBe(1);
  });

  it('gives up after its deadline, with the error the broker still gives', async () => {
    const { UserError } = await loadPlatformaticKafka();
    const unknown = new UserError(`Unknown topic ${TOPIC}.`);
    const admin = adminFailingWith(Array.from({ length: 1_000 }, () => unknown));
    await expect(waitForLeaders(admin, TOPIC, 300)).rejects.toThrow(`Unknown topic ${TOPIC}.`);
    expect(admin.calls).toBeGreaterThan(1);
  });
});
