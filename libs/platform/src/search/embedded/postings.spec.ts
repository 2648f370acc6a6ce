import { countIn, PostingList, Postings } from './postings';

const entries = (list: PostingList) =>
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
    const postings = new Postings((key, present) => changes.push([key, present]));
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
