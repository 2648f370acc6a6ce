import type { Badge } from '@pulse/contracts';
import { render, screen } from '@testing-library/react';
import { BadgeList } from './community/BadgeList';
import { BellIcon, LinkIcon } from './icons';

describe('icons', () => {
  it('are hidden from assistive technology beside text, and named when they stand for something', () => {
    const { container } = render(
      <p>
        <BellIcon /> 알림 <LinkIcon label="기타 링크" />
      </p>,
    );
    const [bell] = container.querySelectorAll('svg');
    expect(bell).toHaveAttribute('aria-hidden', 'true');
    expect(bell).toHaveAttribute('focusable', 'false');
    expect(screen.getByRole('img', { name: '기타 링크' }).tagName).toBe('svg');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});

const badge = (id: string, name: string): Badge => ({
  id,
  name,
  description: `${name} 설명`,
  icon: '🎓',
  color: 'gray',
  type: 'role',
  earnedAt: '2026-03-02T03:00:00.000Z',
});

describe('BadgeList', () => {
  it('draws each badge as an SVG, not the API’s emoji, named by its tooltip', () => {
    const { container } = render(
      <BadgeList badges={[badge('expert', '전문가'), badge('some-new-badge', '새 배지')]} />,
    );
    expect(container.textContent).not.toContain('🎓');
    const expert = screen.getByLabelText(/^전문가 — /);
    expect(expert).toHaveTextContent(/^전문가$/);
    expect(expert.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    // An id the catalogue did not have when this was built still gets a drawing.
    expect(screen.getByLabelText(/^새 배지 — /).querySelector('svg')).not.toBeNull();
  });
});
