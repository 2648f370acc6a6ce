import { cleanup, click, get, queryAll, render } from '@pulse/frontend-ui/src/testing';
import { toast } from '@pulse/frontend-ui';
import { act } from 'react';
import { TOAST_DURATION_MS, Toaster } from './Toaster';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const raise = (options: Parameters<typeof toast>[0]) => act(async () => toast(options));

describe('Toaster', () => {
  it('shows toasts raised by any bundle in a polite live region; an error is an alert', async () => {
    await render(<Toaster />);
    await raise({ title: '구독 완료!', description: '뉴스레터 구독이 완료되었습니다' });
    await raise({ title: '구독 실패', variant: 'destructive' });
    const region = get('section.toaster');
    expect(region.getAttribute('aria-label')).toBe('알림');
    expect(get('.toaster ol').getAttribute('aria-live')).toBe('polite');
    const items = queryAll('[data-testid="toast"]');
    expect(items.map((li) => li.getAttribute('role'))).toEqual(['status', 'alert']);
    expect(items[0]!.textContent).toContain('뉴스레터 구독이 완료되었습니다');
  });

  it('closes a toast with its button', async () => {
    await render(<Toaster />);
    await raise({ title: '하나' });
    await click(get('button[aria-label="알림 닫기"]'));
    expect(queryAll('[data-testid="toast"]')).toHaveLength(0);
  });

  it('dismisses toasts by themselves, errors later than others, and keeps at most three', async () => {
    jest.useFakeTimers();
    await render(<Toaster />);
    await raise({ title: '정보' });
    await raise({ title: '오류', variant: 'destructive' });
    await act(async () => jest.advanceTimersByTime(TOAST_DURATION_MS.default));
    expect(queryAll('[data-testid="toast"]').map((t) => t.textContent)).toEqual(['오류×']);
    await act(async () => jest.advanceTimersByTime(TOAST_DURATION_MS.destructive));
    expect(queryAll('[data-testid="toast"]')).toHaveLength(0);

    for (const title of ['1', '2', '3', '4']) await raise({ title });
    expect(queryAll('.toast__title').map((t) => t.textContent)).toEqual(['2', '3', '4']);
  });
});
