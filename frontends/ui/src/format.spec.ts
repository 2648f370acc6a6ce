import { formatCount, formatDate, formatShortDate, truncate } from './format';

describe('dates', () => {
  it('formats as yyyy년 MM월 dd일 in Korean time', () => {
    expect(formatDate('2024-03-05T01:00:00Z')).toBe('2024년 03월 05일');
    // 16:00 UTC on 31 Dec is already 1 Jan in Seoul (UTC+9).
    expect(formatDate('2023-12-31T16:00:00Z')).toBe('2024년 01월 01일');
  });

  it('formats related-article dates as MM/dd in Korean time', () => {
    expect(formatShortDate('2024-03-05T01:00:00Z')).toBe('03/05');
    expect(formatShortDate('2024-07-09T15:30:00Z')).toBe('07/10');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatShortDate(null)).toBe('');
  });
});

describe('formatCount and truncate', () => {
  it('groups thousands', () => {
    expect(formatCount(6349)).toBe('6,349');
    expect(formatCount(undefined)).toBe('0');
  });

  it('cuts text at the limit with an ellipsis and leaves short text alone', () => {
    const long = '가'.repeat(130);
    expect(truncate(long, 120)).toBe(`${'가'.repeat(120)}…`);
    expect(truncate('짧은 설명', 120)).toBe('짧은 설명');
    expect(truncate(undefined, 120)).toBe('');
  });
});
