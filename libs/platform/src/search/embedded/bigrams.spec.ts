import { bigrams } from './bigrams';
import { segment } from './query-matcher';

describe('bigrams', () => {
  it('lists overlapping character pairs', () => {
    expect(bigrams('인공지능')).toEqual(['인공', '공지', '지능']);
    expect(bigrams('칩')).toEqual([]);
  });

  it("holds every bigram of '인공지능' inside '생성형인공지능'", () => {
    const compound = new Set(bigrams('생성형인공지능'));
    expect(bigrams('인공지능').every((pair) => compound.has(pair))).toBe(true);
  });
});

describe('segment (compound decomposition against the index vocabulary)', () => {
  const vocabulary = new Set(['생성형', '인공지능', '인공', '지능', '생성']);
  const known = (part: string) => vocabulary.has(part);

  it('splits a compound into the fewest known words', () => {
    expect(segment('생성형인공지능', known)).toEqual(['생성형', '인공지능']);
  });

  it('returns null when the word cannot be covered by known words', () => {
    expect(segment('양자컴퓨팅', known)).toBeNull();
    expect(segment('인공', known)).toBeNull();
  });

  it('does not count the whole word as its own decomposition', () => {
    expect(segment('생성형인공지능', (part) => part === '생성형인공지능')).toBeNull();
  });
});
