import { useEffect, useSyncExternalStore } from 'react';
import { nextThemeChoice, THEME_CHOICES } from '@pulse/contracts';
import { THEME } from '../copy';
import { applyThemeChoice, currentThemeChoice, subscribeThemeChoice, syncThemeColor } from './theme-choice';

/**
 * The header's theme button: 시스템 → 라이트 → 다크. Its icon and short name are drawn by the stylesheet
 * from <html data-theme> (components.css '.theme-toggle'), so the server's render, which cannot know the
 * reader's choice, shows the right one before hydration and nothing moves; only its spoken name waits for
 * the page to read the choice.
 */
export function ThemeToggle() {
  const choice = useSyncExternalStore(subscribeThemeChoice, currentThemeChoice, () => null);
  useEffect(() => {
    if (choice) syncThemeColor(choice);
  }, [choice]);
  const label = choice ? THEME.choice[choice] : THEME.toggle;
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => applyThemeChoice(nextThemeChoice(choice ?? currentThemeChoice()))}
    >
      <span className="icon theme-toggle__icon" aria-hidden="true" />
      <span className="theme-toggle__name" aria-hidden="true">
        {THEME_CHOICES.map((each) => (
          <span key={each} data-choice={each}>
            {THEME.short[each]}
          </span>
        ))}
      </span>
    </button>
  );
}
