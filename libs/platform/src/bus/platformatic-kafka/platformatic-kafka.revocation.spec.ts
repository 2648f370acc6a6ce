import { RevocationHold } from './platformatic-kafka.revocation';

// What the client puts in its heartbeats, and what the hold makes of it, one heartbeat after another; the
// broker side of the same hand-over runs in slow-handler.scenario.ts.
describe('RevocationHold: the owned partitions a consumer-protocol heartbeat reports', () => {
  const TOPIC = 'Zm9vYmFyLXRvcGljLWlkAA';
  const OTHER = 'b3RoZXItdG9waWMtaWQAAA';
  const owned = (...partitions: number[]) => [{ topicId: TOPIC, partitions }];

  it('keeps listing a partition the client gave up while it is busy, and lets it go once it is not', () => {
    const busy = new Set([1]);
    const hold = new RevocationHold((partition) => busy.has(partition));
    expect(hold.owned(3, owned(0, 1, 2))).toEqual(owned(0, 1, 2));
    // The broker took 1 and 2 away; 1 has a record in hand, 2 has not.
    expect(hold.owned(3, owned(0))).toEqual(owned(0, 1));
    expect(hold.reportedOwned(1)).toBe(true);
    expect(hold.reportedOwned(2)).toBe(false);
    expect(hold.owned(3, owned(0))).toEqual(owned(0, 1));
    busy.delete(1);
    expect(hold.owned(3, owned(0))).toEqual(owned(0));
    expect(hold.reportedOwned(1)).toBe(false);
    // Busy again later changes nothing: the partition is gone.
    busy.add(1);
    expect(hold.owned(4, owned(0))).toEqual(owned(0));
  });

  it('holds a partition the member lost every partition of its topic with, under that topic id', () => {
    const hold = new RevocationHold((partition) => partition === 5);
    hold.owned(2, owned(5));
    expect(hold.owned(2, [])).toEqual(owned(5));
  });

  it('stops holding when the client gives the partition back, and leaves other topics as they are', () => {
    const hold = new RevocationHold(() => true);
    hold.owned(2, owned(0, 1));
    expect(hold.owned(2, owned(0))).toEqual(owned(0, 1));
    expect(hold.owned(3, [...owned(0, 1), { topicId: OTHER, partitions: [7] }])).toEqual([
      ...owned(0, 1),
      { topicId: OTHER, partitions: [7] },
    ]);
    // Held again (1 taken away while busy): the other topic's entry is kept beside the held one.
    expect(hold.owned(3, [...owned(0), { topicId: OTHER, partitions: [7] }])).toEqual([
      { topicId: OTHER, partitions: [7] },
      ...owned(0, 1),
    ]);
  });

  it('holds nothing across a join (epoch 0) or a leave (epoch -1): a fenced member has lost its partitions', () => {
    const hold = new RevocationHold(() => true);
    hold.owned(2, owned(0, 1));
    expect(hold.owned(2, owned(0))).toEqual(owned(0, 1));
    expect(hold.owned(0, [])).toEqual([]);
    expect(hold.owned(1, [])).toEqual([]);
    expect(hold.owned(-1, [])).toEqual([]);
    expect(hold.reportedOwned(1)).toBe(false);
  });
});
