import { seededRandom } from '@pulse/testing';
import { firstInOrder } from './ranking';

describe('firstInOrder', () => {
  const byScoreThenNo = (a: { score: number; no: number }, b: { score: number; no: number }) =>
    b.score - a.score || a.no - b.no;

  it('gives what a full sort and slice give, for small and large inputs and any count', () => {
    const random = seededRandom(7);
    for (const size of [0, 1, 5, 40, 1000]) {
      // Few distinct scores, so ties are common and the tie-break decides.
      const items = Array.from({ length: size }, (_, no) => ({ no, score: Math.floor(random() * 10) }));
      for (const count of [0, 1, 12, 60, size, size + 5]) {
        const expected = [...items].sort(byScoreThenNo).slice(0, count);
        expect(firstInOrder([...items], count, byScoreThenNo)).toEqual(expected);
      }
    }
  });
});
