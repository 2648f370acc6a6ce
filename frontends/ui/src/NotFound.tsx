import { Link, useLocation } from 'react-router';
import { usePageHead } from './head';
import { Page } from './Page';

/** The not-found page's head, as the server-rendered 404 document's. */
export const NOT_FOUND_HEAD = {
  title: '페이지를 찾을 수 없습니다',
  description: '요청하신 페이지가 존재하지 않거나 이동되었습니다.',
  status: 404,
} as const;

// The one not-found page: the shell's for unknown routes, and each remote's for paths under its mount point
// that it does not serve. Drawn by a server render, it makes the document a 404.
export function NotFound() {
  const { pathname } = useLocation();
  usePageHead({ ...NOT_FOUND_HEAD, canonical: pathname });
  return (
    <Page title="404 Page Not Found">
      <p>요청하신 페이지를 찾을 수 없습니다.</p>
      <p className="dev-hint">
        <code>{`No route matches "${pathname}"`}</code>
      </p>
      <Link to="/">홈으로 돌아가기</Link>
    </Page>
  );
}
