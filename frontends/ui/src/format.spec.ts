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

  it('agrees with the time-zone database across a year of hours, whatever the machine zone is', () => {
    const seoul = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Seoul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2026, 0, 1); time += 3_600_000 + 60_000) {
      const parts = Object.fromEntries(seoul.formatToParts(time).map((part) => [part.type, part.value]));
      expect(formatDate(time)).toBe(`${parts.year}년 ${parts.month}월 ${parts.day}일`);
    }
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
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(42.3)).toBe('42.3');
    // The same text as ko-KR's number format, decimals and negatives included.
    const koKR = new Intl.NumberFormat('ko-KR');
    for (const value of [
      0, 7, 999, 1000, 6349, 98765, 1234567, 42.3, 0.5, 12.25, 1234.5678, 3.14159, -2500, -0.7,
    ])
      expect({ value, text: formatCount(value) }).toEqual({ value, text: koKR.format(value) });
    expect(formatCount(undefined)).toBe('0');
  });

  it('cuts text at the limit with an ellipsis and leaves short text alone', () => {
    const long = '가'.repeat(130);
    expect(truncate(long, 120)).toBe(`${'가'.repeat(120)}…`);
    expect(truncate('짧은 설명', 120)).toBe('짧은 설명');
    expect(truncate(undefined, 120)).toBe('');
  });
});
