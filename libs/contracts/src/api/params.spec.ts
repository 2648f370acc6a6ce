import { intParam } from './params';

describe('intParam', () => {
  const page = intParam('page', { min: 1, max: 1000 });

  it('takes an integer in its one spelling', () => {
    expect(page.parse('12')).toBe(12);
    expect(page.parse(12)).toBe(12);
    expect(intParam('offset', { min: 0 }).parse('0')).toBe(0);
  });

  it('refuses padded, signed-plus, fractional and exponent spellings, naming the field', () => {
    // Each spelling of one number would be its own entry of a cache keyed on the query text.
    for (const text of ['012', '0012', '+12', '12.0', '1e1', ' 12', '12abc', ''])
      expect(() => page.parse(text)).toThrow(/page must be an integer from 1 to 1000/);
  });
});
