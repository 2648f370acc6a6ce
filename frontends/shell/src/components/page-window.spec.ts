import { pageWindow, parsePage } from './page-window';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 0, []],
    [3, 5, [1, 2, 3, 4, 5]],
    [6, 20, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]],
    [1, 20, [1, 2, 3, 'gap', 20]],
    [4, 20, [1, 2, 3, 4, 5, 6, 'gap', 20]],
  ])('page %p of %p shows %p', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });

  it('reads a page number from the URL', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });
});
