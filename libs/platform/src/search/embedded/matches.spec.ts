import { intersect, mergeBest, QueryScratch } from './matches';

const matches = (pairs: Array<[number, number]>) => ({
  nos: Int32Array.from(pairs, ([no]) => no),
  scores: Float64Array.from(pairs, ([, score]) => score),
});

describe('mergeBest', () => {
  it('keeps every document once, in number order, with its better score', () => {
    expect(
      mergeBest(
        matches([
          [1, 0.5],
          [4, 1],
          [9, 0.2],
        ]),
        matches([
          [2, 0.3],
          [4, 0.6],
          [9, 0.9],
        ]),
      ),
    ).toEqual(
      matches([
        [1, 0.5],
        [2, 0.3],
        [4, 1],
        [9, 0.9],
      ]),
    );
    expect(mergeBest(matches([]), matches([[3, 1]]))).toEqual(matches([[3, 1]]));
  });
});

describe('intersect', () => {
  it('keeps documents every clause matched, summing their scores', () => {
    const words = [
      matches([
        [1, 1],
        [2, 1],
        [5, 1],
        [8, 1],
      ]),
      matches([
        [2, 0.5],
        [3, 0.5],
        [8, 0.25],
      ]),
      matches([
        [0, 2],
        [2, 2],
        [8, 2],
        [9, 2],
      ]),
    ];
    expect(intersect(words)).toEqual(
      matches([
        [2, 3.5],
        [8, 3.25],
      ]),
    );
    expect(intersect([matches([[1, 1]]), matches([])])).toEqual(matches([]));
  });
});

describe('QueryScratch', () => {
  it('asks the filter once per document and query', () => {
    const scratch = new QueryScratch();
    const asked: number[] = [];
    const scope = scratch.scope(10, (no) => (asked.push(no), no % 2 === 0));
    expect([2, 3, 2, 3].map((no) => scope.passes(no))).toEqual([true, false, true, false]);
    expect(asked).toEqual([2, 3]);
    scratch.scope(10, (no) => (asked.push(no), true)).passes(2);
    expect(asked).toEqual([2, 3, 2]);
  });

  it('narrows to candidates, each depth keeping its own', () => {
    const scratch = new QueryScratch();
    const all = scratch.scope(10, undefined);
    const outer = scratch.narrow(all, Int32Array.of(1, 4, 7), 0, 10);
    const inner = scratch.narrow(outer, Int32Array.of(4), 1, 10);
    const holds = (scope: typeof outer, no: number) =>
      scope.candidates!.stamps[no] === scope.candidates!.stamp;
    expect([1, 4, 7, 8].map((no) => holds(outer, no))).toEqual([true, true, true, false]);
    expect([1, 4, 7].map((no) => holds(inner, no))).toEqual([false, true, false]);
  });
});
