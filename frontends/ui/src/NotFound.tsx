import { Link, useLocation } from 'react-router-dom';
import { Page } from './Page';

// The one not-found page: the shell's for unknown routes, and each remote's for paths under its mount point
// that it does not serve.
export function NotFound() {
  const { pathname } = useLocation();
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
