import { Link, NavLink } from 'react-router-dom';

const NAV_LINKS = [
  { to: '/news', label: '뉴스' },
  { to: '/trending', label: '트렌딩' },
  { to: '/community/qa', label: '커뮤니티' },
] as const;

export function Header() {
  return (
    <header className="site-header">
      <Link to="/" className="site-logo">
        펄스
      </Link>
      <nav aria-label="주요 메뉴">
        {NAV_LINKS.map(({ to, label }) => (
          <NavLink key={to} to={to}>
            {label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
