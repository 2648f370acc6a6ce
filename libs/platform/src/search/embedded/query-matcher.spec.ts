import { intersect, mergeBest, segment } from './query-matcher';

const matches = (pairs: Array<[number, number]>) => ({
  nos: pairs.map(([no]) => no),
  scores: pairs.map(([, score]) => score),
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

describe('segment', () => {
  it('splits a compound into the fewest known words', () => {
    const known = new Set(['생성형', '인공지능', '인공', '지능']);
    expect(segment('생성형인공지능', (part) => known.has(part))).toEqual(['생성형', '인공지능']);
    expect(segment('블록체인', (part) => known.has(part))).toBeNull();
  });
});
