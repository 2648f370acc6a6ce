import { NavLink } from 'react-router';

/**
 * Every admin screen, in the order an editor's day runs: what readers flagged, what the pipeline held, what
 * feeds it, what goes out, and the dictionaries; last, the record of what staff did. Shown above each screen, token or not, so the way to the
 * next task is always one press away.
 */
export const ADMIN_SCREENS = [
  { path: '/admin', label: '글 검토' },
  { path: '/admin/comments', label: '댓글 검토' },
  { path: '/admin/translations', label: '보류된 번역' },
  { path: '/admin/sources', label: '뉴스 소스' },
  { path: '/admin/authoring', label: '글쓰기' },
  { path: '/admin/newsletter', label: '뉴스레터' },
  { path: '/admin/synonyms', label: '검색 동의어' },
  { path: '/admin/nicknames', label: '닉네임' },
  { path: '/analytics', label: '통계' },
  { path: '/admin/contact', label: '독자 문의' },
  { path: '/admin/audit', label: '감사 기록' },
] as const;

export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="관리 메뉴">
      <ul>
        {ADMIN_SCREENS.map(({ path, label }) => (
          <li key={path}>
            {/* `end`: '/admin' is current on its own page only, not under every /admin/… screen. */}
            <NavLink to={path} end className="admin-nav__link">
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
