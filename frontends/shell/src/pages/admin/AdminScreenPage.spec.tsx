import { installFetch, renderAt } from '@pulse/frontend-ui/src/testing';
import { screen } from '@testing-library/react';
import AdminScreenPage from './AdminScreenPage';

beforeEach(() => {
  sessionStorage.clear();
  installFetch();
});

describe('/admin and the screens in its chunk', () => {
  it.each([
    ['/admin', '관리자'],
    ['/admin/sources', '뉴스 소스 관리'],
    ['/admin/newsletter', '뉴스레터 관리'],
    ['/admin/synonyms', '검색 동의어'],
    ['/admin/nicknames', '닉네임 관리'],
  ])('draws %s as its screen', (url, title) => {
    renderAt(<AdminScreenPage />, url);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByLabelText('관리자 토큰')).toBeInTheDocument();
  });
});
