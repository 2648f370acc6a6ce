import { chooseSlot, etagMatches } from './image-delivery';

describe('chooseSlot', () => {
  const all = [320, 640, 960, 1280, 1920];
  it('answers a stored width with itself and no width with the largest', () => {
    expect(chooseSlot(all, 640)).toBe(640);
    expect(chooseSlot(all, undefined)).toBe(1920);
  });

  it('answers a width wider than the original with the widest stored', () => {
    expect(chooseSlot([320, 640, 960, 1280], 1920)).toBe(1280);
  });

  it('answers any width with the one stored slot (an SVG)', () => {
    expect(chooseSlot([1920], 320)).toBe(1920);
    expect(chooseSlot([1920], undefined)).toBe(1920);
  });
});

describe('etagMatches', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['', false],
  ])('%s → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });

  it('reads a repeated header', () => {
    expect(etagMatches(['"x"', '"abc"'], etag)).toBe(true);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
