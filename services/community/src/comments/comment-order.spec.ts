import { controversy } from './comment-order';

describe('controversy (the controversial sort; services/community/README.md "Article comments")', () => {
  it('gives the figures the README quotes: many reactions split evenly rank first', () => {
    expect(controversy(50, 50)).toBe(100);
    expect(controversy(10, 10)).toBe(20);
    expect(controversy(90, 10)).toBeCloseTo(1.668, 3);
    expect(controversy(100, 0)).toBe(0);
    expect(controversy(0, 0)).toBe(0);
    expect(controversy(3, 3)).toBeGreaterThan(controversy(3, 1));
    expect(controversy(30, 30)).toBeGreaterThan(controversy(3, 3));
  });
});
