import { Link, useLocation } from 'react-router-dom';

// Paths under this remote's mount point that it does not serve; same page as the shell's not-found.
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="page">
      <h1>404 Page Not Found</h1>
      <p>요청하신 페이지를 찾을 수 없습니다.</p>
      <p className="dev-hint">
        <code>{`No route matches "${pathname}"`}</code>
      </p>
      <Link to="/">홈으로 돌아가기</Link>
    </section>
  );
}
