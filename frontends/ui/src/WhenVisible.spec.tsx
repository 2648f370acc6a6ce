import { cleanup, FakeIntersectionObserver, get, queryAll, render } from './testing';
import { WHEN_VISIBLE_MARGIN, WhenVisible } from './WhenVisible';

afterEach(() => {
  cleanup();
  delete (globalThis as Record<string, unknown>).IntersectionObserver;
});

const section = () => (
  <WhenVisible name="discussion">
    <p className="deferred-child">댓글</p>
  </WhenVisible>
);

describe('WhenVisible', () => {
  it('renders its block empty until it nears the viewport, then its children, and stops watching', async () => {
    FakeIntersectionObserver.install();
    await render(section());
    expect(get('.when-visible').getAttribute('data-section')).toBe('discussion');
    expect(queryAll('.deferred-child')).toHaveLength(0);
    const observer = FakeIntersectionObserver.watching('[data-section="discussion"]');
    expect(observer.options.rootMargin).toBe(WHEN_VISIBLE_MARGIN);

    await observer.show(0);
    expect(queryAll('.deferred-child')).toHaveLength(0);
    await observer.show(1);
    expect(get('.when-visible .deferred-child').textContent).toBe('댓글');
    expect(observer.disconnected).toBe(true);
  });

  it('renders its children at once where there is no IntersectionObserver', async () => {
    await render(section());
    expect(get('.when-visible .deferred-child').textContent).toBe('댓글');
  });
});
