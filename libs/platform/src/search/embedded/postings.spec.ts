import { countIn, PostingList, Postings, type PostingReader } from './postings';

const entries = (list: PostingReader) =>
  Array.from({ length: list.size }, (_, i) => [
    list.docAt(i),
    countIn(list.countsAt(i), 0),
    countIn(list.countsAt(i), 2),
  ]);

describe('PostingList', () => {
  it('keeps documents in number order with per-field counts, whatever order they arrive in', () => {
    const list = new PostingList();
    for (const [doc, field] of [
      [5, 0],
      [5, 0],
      [9, 2],
      [1, 0],
      [7, 2],
      [7, 0],
    ])
      list.add(doc, field);
    expect(entries(list)).toEqual([
      [1, 1, 0],
      [5, 2, 0],
      [7, 1, 1],
      [9, 0, 1],
    ]);
    expect(list.find(7)).toBe(list.countsAt(2));
    expect(list.find(6)).toBeUndefined();
    expect(list.seek(6, 0)).toBe(2);
    expect(list.seek(10, 0)).toBe(4);
  });

  it('removes a document from the middle and the ends', () => {
    const list = new PostingList();
    for (const doc of [1, 2, 3, 4]) list.add(doc, 0);
    list.delete(2);
    list.delete(4);
    list.delete(8);
    expect(entries(list).map(([doc]) => doc)).toEqual([1, 3]);
    list.add(2, 0);
    expect(entries(list).map(([doc]) => doc)).toEqual([1, 2, 3]);
  });

  it('stops counting at 127 per field', () => {
    const list = new PostingList();
    for (let i = 0; i < 200; i += 1) list.add(1, 2);
    list.add(1, 0);
    expect(entries(list)).toEqual([[1, 1, 127]]);
  });
});

describe('Postings', () => {
  it('tells when a key appears and disappears', () => {
    const changes: Array<[string, boolean]> = [];
    const postings = new Postings(3, (key, present) => changes.push([key, present]));
    postings.add('ether', 1, 0);
    postings.add('ether', 2, 0);
    postings.removeDoc(['ether'], 1);
    postings.removeDoc(['ether', 'unknown'], 2);
    expect(changes).toEqual([
      ['ether', true],
      ['ether', false],
    ]);
    expect(postings.has('ether')).toBe(false);
  });
});

describe('Postings in two tiers', () => {
  /** Documents 0–4 hold 'ether' (twice in field 2 for doc 3), sealed; then doc 5 and a changed doc 1. */
  const postings = () => {
    const out = new Postings(3);
    for (const doc of [0, 1, 2, 3, 4]) out.add('ether', doc, 0);
    out.add('ether', 3, 2);
    out.add('ether', 3, 2);
    out.add('chain', 2, 0);
    out.seal(5);
    return out;
  };

  it('reads a sealed term as it was added', () => {
    expect(entries(postings().get('ether')!)).toEqual([
      [0, 1, 0],
      [1, 1, 0],
      [2, 1, 0],
      [3, 1, 2],
      [4, 1, 0],
    ]);
  });

  it('reads new documents after the sealed ones, and seeks across both', () => {
    const index = postings();
    index.add('ether', 5, 2);
    const list = index.get('ether')!;
    expect(entries(list).map(([doc]) => doc)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(list.seek(5, 0)).toBe(5);
    expect(list.seek(4, 2)).toBe(4);
  });

  it('drops a removed document and reads a replaced one from its new postings, before and after a merge', () => {
    const index = postings();
    index.removeDoc(['ether'], 0);
    index.removeDoc(['ether', 'chain'], 2);
    index.add('chain', 2, 2);
    const expected = [
      [1, 1, 0],
      [3, 1, 2],
      [4, 1, 0],
    ];
    expect(entries(index.get('ether')!)).toEqual(expected);
    expect(entries(index.get('chain')!)).toEqual([[2, 0, 1]]);
    index.seal(5);
    expect(entries(index.get('ether')!)).toEqual(expected);
    expect(entries(index.get('chain')!)).toEqual([[2, 0, 1]]);
  });

  it('forgets a term no document holds any more', () => {
    const index = postings();
    index.removeDoc(['chain'], 2);
    expect(index.has('chain')).toBe(false);
    expect(index.get('chain')).toBeUndefined();
    index.seal(5);
    expect(index.has('chain')).toBe(false);
  });
});
