import { useRef } from 'react';
import { NotificationBell, useCurrentUser } from '@pulse/frontend-ui';
import { Link, NavLink } from 'react-router';
import { NAV, SITE } from '../copy';
import { SHADOW_SCROLL_PX, useCompactNav, useScrolledPast } from './compact-nav';
import { HeaderSearch } from './HeaderSearch';
import { ThemeToggle } from './ThemeToggle';
import { useMenu } from './use-menu';

/** Every section of the site, one click from any page: the header, its mobile menu, the footer and /sitemap. */
export const NAV_LINKS = [
  { to: '/news', label: NAV.news },
  { to: '/insights', label: NAV.insights },
  { to: '/tech-analysis', label: NAV.techAnalysis },
  { to: '/trending', label: NAV.trending },
  { to: '/community/qa', label: NAV.community },
] as const;

/** The signed-in reader's nickname, leading to /me; nothing when nobody is signed in. */
function MeLink() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Link to="/me" className="site-header__me" aria-label={`${user.displayName} ${NAV.me}`}>
      {user.displayName}
    </Link>
  );
}

/** Sticky header: logo, the sections, search; a toggle menu on small or touch-mobile screens. */
export function Header() {
  const measured = useCompactNav();
  const compact = measured === true;
  const scrolled = useScrolledPast(SHADOW_SCROLL_PX);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menu = useMenu(compact, headerRef, toggleRef);
  const classes = [
    'site-header',
    scrolled && 'site-header--scrolled',
    compact && 'site-header--compact',
    measured === null && 'site-header--unmeasured',
    menu.open && 'site-header--open',
  ];

  return (
    <header ref={headerRef} className={classes.filter(Boolean).join(' ')}>
      <div className="site-header__bar">
        <Link to="/" className="site-logo">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path
              d="M4 17h6l3-7 5 13 3-6h7"
              fill="none"
              className="site-logo__pulse"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{SITE.name}</span>
        </Link>
        {/* Unmeasured (server render, hydration): present, and shown by the stylesheet on narrow screens. */}
        {measured !== false && (
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menu.open}
            aria-controls="site-menu"
            aria-label={menu.open ? NAV.closeMenu : NAV.openMenu}
            onClick={() => menu.setOpen((open) => !open)}
          >
            <span aria-hidden="true" className="menu-toggle__icon" />
          </button>
        )}
        <div id="site-menu" className="site-menu" hidden={compact && !menu.open}>
          <nav aria-label={NAV.label}>
            <ul>
              {NAV_LINKS.map(({ to, label }) => (
                <li key={to}>
                  <NavLink to={to} onClick={menu.close}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <HeaderSearch onSearch={menu.close} />
          <ThemeToggle />
        </div>
        <MeLink />
        <NotificationBell />
      </div>
    </header>
  );
}
