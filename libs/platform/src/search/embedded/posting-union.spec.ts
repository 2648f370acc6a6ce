import { PostingUnion } from './posting-union';
import { countIn, PostingList, Postings, type PostingReader } from './postings';

const entries = (list: PostingReader) =>
  Array.from({ length: list.size }, (_, i) => [
    list.docAt(i),
    countIn(list.countsAt(i), 0),
    countIn(list.countsAt(i), 2),
  ]);

describe('PostingUnion', () => {
  const recent = (...postings: Array<[number, number]>) => {
    const out = new PostingList();
    for (const [doc, count] of postings) for (let i = 0; i < count; i += 1) out.add(doc, 2);
    return out;
  };
  /** The same postings read from a sealed block (typed arrays). */
  const sealed = (...postings: Array<[number, number]>) => {
    const block = new Postings(3);
    for (const [doc, count] of postings) for (let i = 0; i < count; i += 1) block.add('term', doc, 2);
    block.seal(10);
    return block.get('term')!;
  };
  const lists = {
    recent: [recent([1, 2], [4, 1]), recent([1, 3], [3, 1])],
    sealed: [sealed([1, 2], [4, 1]), sealed([1, 3], [3, 1])],
    mixed: [sealed([1, 2], [4, 1]), recent([1, 3], [3, 1])],
  };

  it.each([
    ['recent', 'sorting the few documents', 1_000],
    ['sealed', 'sorting the few documents', 1_000],
    ['mixed', 'reading every slot', 5],
    ['sealed', 'reading every slot', 5],
  ] as const)(
    'merges %s lists in document order, summing or taking the most per field (%s)',
    (kind, _, capacity) => {
      const union = new PostingUnion();
      expect(entries(union.of(lists[kind], 3, 'sum', capacity))).toEqual([
        [1, 0, 5],
        [3, 0, 1],
        [4, 0, 1],
      ]);
      // The buffers are clean again for the next union.
      expect(entries(union.of(lists[kind], 3, 'max', capacity))).toEqual([
        [1, 0, 3],
        [3, 0, 1],
        [4, 0, 1],
      ]);
    },
  );

  it('caps a summed count at 127', () => {
    const many = Array.from({ length: 3 }, () => recent([2, 60]));
    expect(entries(new PostingUnion().of(many, 3, 'sum', 10))).toEqual([[2, 0, 127]]);
  });
});
