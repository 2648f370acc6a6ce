import { allowedTypos, boundedEditDistance } from './edit-distance';

describe('boundedEditDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(boundedEditDistance('etherum', 'ethereum', 2)).toBe(1);
    expect(boundedEditDistance('bitcoin', 'bitcoim', 2)).toBe(1);
    expect(boundedEditDistance('nvidia', 'nvidia', 2)).toBe(0);
    expect(boundedEditDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('stops at max + 1 once the distance must exceed max', () => {
    expect(boundedEditDistance('ethereum', 'solana', 1)).toBe(2);
    expect(boundedEditDistance('ai', 'blockchain', 2)).toBe(3);
  });
});

describe('allowedTypos (Meilisearch defaults)', () => {
  it('allows none under 5 letters, one from 5, two from 9', () => {
    expect([4, 5, 8, 9].map(allowedTypos)).toEqual([0, 1, 1, 2]);
  });
});
