import { seededRandom } from '@pulse/testing';
import { normalizeIndexSpec } from '../shared/index-spec';
import { CollectionIndexes } from './collection-indexes';

type Doc = Record<string, unknown> & { _id: string };

/** A collection's documents and indexes, kept in step as CollectionState keeps them. */
function collection(keys: Array<Record<string, 1 | -1>>, docs: Doc[]) {
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const indexes = new CollectionIndexes('things');
  for (const key of keys) indexes.add(normalizeIndexSpec({ key }), byId.values());
  return {
    indexes,
    candidates: (filter: Record<string, unknown>) => {
      const ids = indexes.candidateIds(filter, () => byId.values());
      return ids === undefined ? undefined : [...ids].sort();
    },
    insert(doc: Doc) {
      byId.set(doc._id, doc);
      indexes.insert(doc);
    },
    remove(id: string) {
      indexes.remove(byId.get(id)!);
      byId.delete(id);
    },
  };
}

/** 600 comments on 6 articles, 3 depths each, as a thread's collection holds them. */
const comments = Array.from({ length: 600 }, (_, n) => ({
  _id: `c${String(n).padStart(3, '0')}`,
  articleId: `a${n % 6}`,
  depth: Math.floor(n / 6) % 3,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
}));

describe('CollectionIndexes: equality on the leading fields of a compound index', () => {
  it('narrows to the documents holding the prefix, leaving the range field to the filter', () => {
    const things = collection([{ articleId: 1, depth: 1, createdAt: -1 }], comments);
    const ids = things.candidates({ articleId: 'a2', depth: 0, createdAt: { $gt: '2026-01-01' } })!;
    expect(ids.length).toBeLessThan(40);
    for (const id of ids)
      expect(comments.find((c) => c._id === id)).toMatchObject({ articleId: 'a2', depth: 0 });
    // Every document of the prefix is there: the index may only return a superset.
    const want = comments.filter((c) => c.articleId === 'a2' && c.depth === 0).map((c) => c._id);
    expect(ids).toEqual(want.sort());
  });

  it('uses the first field alone when the second is a range, and nothing when the first is missing', () => {
    const things = collection([{ articleId: 1, depth: 1 }], comments);
    expect(things.candidates({ articleId: 'a1', depth: { $gt: 0 } })).toHaveLength(100);
    expect(things.candidates({ depth: 0 })).toBeUndefined();
  });

  it('builds a prefix only when a filter uses it, and keeps it current through inserts and removals', () => {
    const things = collection([{ articleId: 1, depth: 1, createdAt: -1 }], comments);
    expect(things.indexes.keyMapCount).toBe(0);
    things.candidates({ createdAt: '2026-01-01T00:00:00.000Z' }); // not a leading field: no map
    expect(things.indexes.keyMapCount).toBe(0);
    const before = things.candidates({ articleId: 'a5', depth: 2 })!;
    expect(things.indexes.keyMapCount).toBe(1);
    things.insert({ _id: 'new', articleId: 'a5', depth: 2, createdAt: '2026-02-01T00:00:00.000Z' });
    things.remove(before[0]);
    const after = things.candidates({ articleId: 'a5', depth: 2 })!;
    expect(after).toContain('new');
    expect(after).not.toContain(before[0]);
    expect(after).toHaveLength(before.length);
    expect(things.indexes.keyMapCount).toBe(1);
  });

  it('of two usable indexes, takes the one pointing at fewer documents', () => {
    const votes = Array.from({ length: 300 }, (_, n) => ({
      _id: `v${n}`,
      pending: n % 100 === 0,
      kind: n % 2 === 0 ? 'question' : 'answer',
      targetId: `t${n % 10}`,
    }));
    const things = collection(
      [
        { kind: 1, targetId: 1 },
        { pending: 1, kind: 1, targetId: 1 },
      ],
      votes,
    );
    // kind+targetId holds 30 votes; pending+kind+targetId the 3 pending ones.
    expect(things.candidates({ pending: true, kind: 'question', targetId: 't0' })).toEqual([
      'v0',
      'v100',
      'v200',
    ]);
  });

  it('answers $in lists by their combinations, and leaves too many combinations to the scan', () => {
    const things = collection([{ articleId: 1, depth: 1 }], comments);
    const two = things.candidates({ articleId: { $in: ['a0', 'a1'] }, depth: { $in: [0, 1] } })!;
    expect(two).toEqual(
      comments
        .filter((c) => ['a0', 'a1'].includes(c.articleId) && [0, 1].includes(c.depth))
        .map((c) => c._id)
        .sort(),
    );
    expect(things.candidates({ articleId: { $in: [] } })).toEqual([]);
    const many = ['a0', ...Array.from({ length: 19 }, (_, n) => `elsewhere${n}`)];
    const depths = Array.from({ length: 20 }, (_, n) => n);
    // 400 combinations: the first field alone still narrows, to a0's 100.
    expect(things.candidates({ articleId: { $in: many }, depth: { $in: depths } })).toHaveLength(100);
  });

  it('finds a document by any element of an array field, as equality matches elements', () => {
    const things = collection(
      [{ tags: 1, state: 1 }],
      [
        { _id: 'x', tags: ['ai', 'chips'], state: 'visible' },
        { _id: 'y', tags: ['ai'], state: 'hidden' },
        { _id: 'z', tags: [], state: 'visible' },
      ],
    );
    expect(things.candidates({ tags: 'chips', state: 'visible' })).toEqual(['x']);
    expect(things.candidates({ tags: 'ai', state: { $in: ['visible', 'hidden'] } })).toEqual(['x', 'y']);
  });
});

describe('CollectionIndexes: a lookup that is exactly the matches', () => {
  const exactOf = (keys: Array<Record<string, 1 | -1>>, docs: Doc[], filter: Record<string, unknown>) => {
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    const indexes = new CollectionIndexes('things');
    for (const key of keys) indexes.add(normalizeIndexSpec({ key }), byId.values());
    return indexes.lookup(filter, () => byId.values())?.exact;
  };

  it('is exact when equalities cover every field of the filter, and not when the filter has more', () => {
    const keys: Array<Record<string, 1 | -1>> = [{ articleId: 1, depth: 1, createdAt: -1 }];
    expect(exactOf(keys, comments, { articleId: 'a0', depth: 0 })).toBe(true);
    expect(exactOf(keys, comments, { articleId: { $in: ['a0', 'a1'] }, depth: 1 })).toBe(true);
    expect(exactOf(keys, comments, { articleId: 'a0' })).toBe(true);
    expect(exactOf(keys, comments, { articleId: 'a0', depth: 0, createdAt: { $gt: '' } })).toBe(false);
    expect(exactOf(keys, comments, { articleId: 'a0', $or: [{ depth: 0 }, { depth: 1 }] })).toBe(false);
  });

  it('prefers, of two prefixes pointing at as many documents, the one covering the filter', () => {
    // Every comment is visible: articleId alone and articleId+state point at the same documents.
    const visible = comments.map((comment) => ({ ...comment, state: 'visible' }));
    const keys: Array<Record<string, 1 | -1>> = [
      { articleId: 1, depth: 1 },
      { articleId: 1, state: 1 },
    ];
    expect(exactOf(keys, visible, { articleId: 'a0', state: 'visible' })).toBe(true);
  });

  it('is not exact for an array position, or for a value that is the key of an empty array', () => {
    const docs = [
      { _id: 'x', tags: [], state: 'visible' },
      { _id: 'y', tags: ['ai'], state: 'visible' },
    ];
    expect(exactOf([{ 'tags.0': 1 }], docs, { 'tags.0': 'ai' })).toBe(false);
    expect(exactOf([{ tags: 1 }], docs, { tags: '\u0000[]' })).toBe(false);
    expect(exactOf([{ tags: 1 }], docs, { tags: 'ai' })).toBe(true);
  });
});

describe("CollectionIndexes: a range of strings on an index's first field", () => {
  it("walks that field's keys, not the documents, when no equality narrows", () => {
    const things = collection([{ createdAt: -1 }], comments);
    const ids = things.candidates({ createdAt: { $gte: '2026-01-01T01:00', $lt: '2026-01-01T02:00' } })!;
    const want = comments.filter(
      (c) => c.createdAt >= '2026-01-01T01:00' && c.createdAt < '2026-01-01T02:00',
    );
    expect(ids).toEqual(want.map((c) => c._id).sort());
    expect(ids).toHaveLength(60);
  });

  it('takes the pending outbox events without the documents that have none', () => {
    const docs: Doc[] = [
      ...Array.from({ length: 500 }, (_, n) => ({ _id: `quiet${n}` })),
      { _id: 'emptied', _outbox: [] },
      { _id: 'pending', _outbox: [{ occurredAt: '2026-01-01T00:00:00.000Z' }] },
    ];
    const things = collection([{ '_outbox.occurredAt': 1 }], docs);
    expect(things.candidates({ '_outbox.occurredAt': { $gt: '' } })).toEqual(['pending']);
    // An empty array at the field itself is keyed by a marker that sorts among strings: a candidate the
    // store's filter then drops (the contract's range case checks the store's answer).
    const tagged = collection(
      [{ tags: 1 }],
      [
        { _id: 'none', tags: [] },
        { _id: 'one', tags: ['ai'] },
      ],
    );
    expect(tagged.candidates({ tags: { $gt: '' } })).toEqual(['none', 'one']);
  });

  it('leaves other bounds, other operators and a field no index leads with to the scan', () => {
    const things = collection([{ createdAt: -1 }, { articleId: 1, depth: 1 }], comments);
    expect(things.candidates({ createdAt: { $gt: 5 } })).toBeUndefined();
    expect(things.candidates({ createdAt: { $ne: '' } })).toBeUndefined();
    expect(things.candidates({ createdAt: { $gt: '', $regex: 'x' } })).toBeUndefined();
    expect(things.candidates({ depth: { $gt: '' } })).toBeUndefined();
    // An equality still wins: the range is used only when nothing else narrows.
    expect(things.candidates({ articleId: 'a1', createdAt: { $gt: '' } })).toHaveLength(100);
  });
});

describe('CollectionIndexes: keys and the ids filed under them', () => {
  // A lone string is its own key and a lone id is kept without a set; these pin down that neither
  // shortcut lets two values share a key or loses an id as a key's documents come and go.
  const lookalikes: Doc[] = [
    { _id: 'text', code: '1' },
    { _id: 'number', code: 1 },
    { _id: 'bracketed', code: '[1]' },
    { _id: 'quoted', code: '["1"]' },
    { _id: 'array', code: ['1'] },
    { _id: 'missing' },
    { _id: 'null', code: null },
    { _id: 'true', code: true },
    { _id: 'word', code: 'true' },
    { _id: 'empty', code: '' },
  ];

  it('tells a string from the number, boolean, null or JSON it looks like', () => {
    const things = collection([{ code: 1 }], lookalikes);
    expect(things.candidates({ code: '1' })).toEqual(['array', 'text']);
    expect(things.candidates({ code: 1 })).toEqual(['number']);
    expect(things.candidates({ code: '[1]' })).toEqual(['bracketed']);
    expect(things.candidates({ code: '["1"]' })).toEqual(['quoted']);
    expect(things.candidates({ code: true })).toEqual(['true']);
    expect(things.candidates({ code: 'true' })).toEqual(['word']);
    expect(things.candidates({ code: '' })).toEqual(['empty']);
    // The range walk reads strings back from their keys, bracketed ones included, and nothing else.
    expect(things.candidates({ code: { $gte: '' } })).toEqual(
      ['array', 'bracketed', 'empty', 'quoted', 'text', 'word'].sort(),
    );
  });

  it('refuses a second document under a unique key only when the values are the same', () => {
    const unique = new CollectionIndexes('things');
    unique.add(normalizeIndexSpec({ key: { code: 1 }, unique: true }), lookalikes.slice(0, 4));
    expect(unique.conflictOf({ _id: 'again', code: '[1]' })).toBe('code_1');
    expect(unique.conflictOf({ _id: 'again', code: '1' })).toBe('code_1');
    expect(unique.conflictOf({ _id: 'text', code: '1' })).toBeUndefined();
    expect(unique.conflictOf({ _id: 'again', code: '[2]' })).toBeUndefined();
    expect(unique.conflictOf({ _id: 'again', code: 2 })).toBeUndefined();
  });

  it('keeps every id of a key as documents are filed and removed in any order', () => {
    const random = seededRandom(7);
    const things = collection([{ tag: 1 }], []);
    const held = new Map<string, string>();
    for (let step = 0; step < 3000; step++) {
      const id = `d${Math.floor(random() * 40)}`;
      if (held.has(id)) {
        things.remove(id);
        held.delete(id);
      } else {
        const tag = `t${Math.floor(random() * 4)}`;
        things.insert({ _id: id, tag });
        held.set(id, tag);
      }
      const tag = `t${step % 4}`;
      const want = [...held].filter(([, t]) => t === tag).map(([i]) => i);
      expect(things.candidates({ tag })).toEqual(want.sort());
    }
  });
});
