import { toast } from '@pulse/frontend-ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS, Toaster } from './Toaster';

afterEach(() => {
  jest.useRealTimers();
});

const raise = (options: Parameters<typeof toast>[0]) => act(async () => toast(options));
const toasts = () => screen.queryAllByTestId('toast');

describe('Toaster', () => {
  it('shows toasts raised by any bundle in a polite live region; an error is an alert', async () => {
    render(<Toaster />);
    await raise({ title: '구독 완료!', description: '뉴스레터 구독이 완료되었습니다' });
    await raise({ title: '구독 실패', variant: 'destructive' });
    const region = screen.getByRole('region', { name: '알림' });
    expect(region).toHaveClass('toaster');
    expect(within(region).getByRole('list')).toHaveAttribute('aria-live', 'polite');
    expect(toasts().map((li) => li.getAttribute('role'))).toEqual(['status', 'alert']);
    expect(screen.getByRole('status')).toHaveTextContent('뉴스레터 구독이 완료되었습니다');
    expect(screen.getByRole('alert')).toHaveTextContent('구독 실패');
  });

  it('closes a toast with its button', async () => {
    render(<Toaster />);
    await raise({ title: '하나' });
    expect(toasts()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: '알림 닫기' }));
    expect(toasts()).toHaveLength(0);
  });

  it('dismisses toasts by themselves, errors later than others, and keeps at most three', async () => {
    jest.useFakeTimers();
    render(<Toaster />);
    await raise({ title: '정보' });
    await raise({ title: '오류', variant: 'destructive' });
    await act(async () => jest.advanceTimersByTime(TOAST_DURATION_MS.default));
    expect(toasts().map((t) => t.textContent)).toEqual(['오류×']);
    await act(async () => jest.advanceTimersByTime(TOAST_DURATION_MS.destructive));
    expect(toasts()).toHaveLength(0);

    for (const title of ['1', '2', '3', '4']) await raise({ title });
    expect(toasts().map((t) => t.querySelector('.toast__title')?.textContent)).toEqual(['2', '3', '4']);
  });
});
