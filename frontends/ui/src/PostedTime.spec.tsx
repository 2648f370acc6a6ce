import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { formatDateTime, formatPostedTime } from './posted-time';
import { CLOCK_STEP_MS, PostedTime } from './PostedTime';

const NOW = Date.parse('2026-11-29T03:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatPostedTime', () => {
  it.each([
    [0, '방금 전'],
    [59_999, '방금 전'],
    [-30_000, '방금 전'],
    [60_000, '1분 전'],
    [59 * 60_000 + 59_999, '59분 전'],
    // An hour and more: the date and time in Seoul (03:00 UTC less an hour is 11:00 there).
    [60 * 60_000, '2026년 11월 29일 11:00'],
    [3 * 24 * 60 * 60_000, '2026년 11월 26일 12:00'],
  ])('%p ms ago reads %p', (age, text) => {
    expect(formatPostedTime(ago(age), NOW)).toBe(text);
  });

  it('says the date and time without a clock (a server render), and nothing for no date', () => {
    expect(formatPostedTime(ago(30_000))).toBe('2026년 11월 29일 11:59');
    expect(formatPostedTime(undefined, NOW)).toBe('');
    expect(formatPostedTime('not a date', NOW)).toBe('');
  });

  it('writes a 24-hour clock in Seoul time', () => {
    expect(formatDateTime('2025-12-31T15:05:00Z')).toBe('2026년 01월 01일 00:05');
    expect(formatDateTime('2026-06-01T09:30:00Z')).toBe('2026년 06월 01일 18:30');
  });
});

describe('PostedTime', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  it('shows the relative time with the full one as its title, as of when it is drawn', () => {
    const { rerender } = render(<PostedTime value={ago(30_000)} />);
    const time = screen.getByText('방금 전');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', ago(30_000));
    expect(time).toHaveAttribute('title', '2026년 11월 29일 11:59');
    jest.advanceTimersByTime(4 * CLOCK_STEP_MS);
    rerender(<PostedTime value={ago(30_000)} />);
    expect(time).toHaveTextContent('1분 전');
  });

  it('is rendered on the server as the date and time, and stays so once hydrated (no layout shift)', async () => {
    const html = renderToString(<PostedTime value={ago(5 * 60_000)} />);
    expect(html).toContain('2026년 11월 29일 11:55');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <PostedTime value={ago(5 * 60_000)} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('time')).toHaveTextContent(/^2026년 11월 29일 11:55$/);
    container.remove();
  });
});
