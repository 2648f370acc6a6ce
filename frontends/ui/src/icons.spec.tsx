import type { Badge } from '@pulse/contracts';
import { render, screen } from '@testing-library/react';
import { BadgeList } from './community/BadgeList';
import { Icon } from './icons';

describe('icons', () => {
  it('are drawn by the stylesheet and hidden from assistive technology, which reads the text beside them', () => {
    const { container } = render(
      <button type="button">
        <Icon name="bell" /> 알림
      </button>,
    );
    const bell = container.querySelector('.icon');
    expect(bell).toHaveClass('icon--bell');
    expect(bell).toHaveAttribute('aria-hidden', 'true');
    expect(bell).toBeEmptyDOMElement();
    expect(screen.getByRole('button')).toHaveAccessibleName('알림');
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
  it('draws each badge by its id, not with the API’s emoji, named by its tooltip', () => {
    const { container } = render(
      <BadgeList badges={[badge('expert', '전문가'), badge('some-new-badge', '새 배지')]} />,
    );
    expect(container.textContent).not.toContain('🎓');
    const expert = screen.getByLabelText(/^전문가 — /);
    expect(expert).toHaveTextContent(/^전문가$/);
    expect(expert.querySelector('.community-badge__icon[aria-hidden="true"]')).toHaveAttribute(
      'data-badge',
      'expert',
    );
    expect(screen.getByLabelText(/^새 배지 — /).querySelector('.community-badge__icon')).toHaveAttribute(
      'data-badge',
      'some-new-badge',
    );
  });
});
