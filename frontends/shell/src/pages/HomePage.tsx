import { Page } from '@pulse/frontend-ui';
import { Link } from 'react-router-dom';

// A placeholder until the real home (latest news, hot topics) is built: no sample articles on purpose.
export function HomePage() {
  return (
    <Page title="펄스 — 준비 중입니다">
      <p>생성형 AI, 블록체인, 빅테크 소식을 한국어로 전하는 사이트를 만들고 있습니다.</p>
      <p className="page-links">
        <Link to="/news">뉴스 보기</Link>
        <Link to="/trending">트렌딩 보기</Link>
      </p>
    </Page>
  );
}
