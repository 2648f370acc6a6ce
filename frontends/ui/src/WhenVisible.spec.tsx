import { render, screen } from '@testing-library/react';
import { FakeIntersectionObserver } from '../testing';
import { WHEN_VISIBLE_MARGIN, WhenVisible } from './WhenVisible';

afterEach(() => {
  delete (globalThis as Record<string, unknown>).IntersectionObserver;
});

const section = () => (
  <WhenVisible name="discussion">
    <p className="deferred-child">댓글</p>
  </WhenVisible>
);

// The block is a bare <div> with no role; it is found by the section name it carries.
const block = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[data-section="discussion"]')!;

describe('WhenVisible', () => {
  it('renders its block empty until it nears the viewport, then its children, and stops watching', async () => {
    FakeIntersectionObserver.install();
    const { container } = render(section());
    expect(block(container)).toHaveClass('when-visible');
    expect(block(container)).toBeEmptyDOMElement();
    expect(screen.queryByText('댓글')).not.toBeInTheDocument();
    const observer = FakeIntersectionObserver.watching(block(container));
    expect(observer.options.rootMargin).toBe(WHEN_VISIBLE_MARGIN);

    await observer.show(0);
    expect(screen.queryByText('댓글')).not.toBeInTheDocument();
    await observer.show(1);
    expect(block(container)).toContainElement(screen.getByText('댓글'));
    expect(screen.getByText('댓글')).toHaveClass('deferred-child');
    expect(observer.disconnected).toBe(true);
  });

  it('renders its children at once where there is no IntersectionObserver', () => {
    const { container } = render(section());
    expect(block(container)).toHaveClass('when-visible');
    expect(block(container)).toContainElement(screen.getByText('댓글'));
    expect(screen.getByText('댓글')).toHaveClass('deferred-child');
  });
});
