import { segment } from './query-matcher';

describe('segment', () => {
  it('splits a compound into the fewest known words', () => {
    const known = new Set(['생성형', '인공지능', '인공', '지능']);
    expect(segment('생성형인공지능', (part) => known.has(part))).toEqual(['생성형', '인공지능']);
    expect(segment('블록체인', (part) => known.has(part))).toBeNull();
  });
});
