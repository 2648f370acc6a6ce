import { installFetch, renderAt } from '@pulse/frontend-ui/testing';
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
    ['/admin/authoring', '글쓰기'],
    ['/admin/newsletter', '뉴스레터 관리'],
    ['/admin/synonyms', '검색 동의어'],
    ['/admin/nicknames', '닉네임 관리'],
    ['/admin/staff', '스태프 계정'],
    ['/admin/audit', '감사 기록'],
    ['/admin/contact', '독자 문의'],
  ])('draws %s as its screen, asking who signs in', async (url, title) => {
    renderAt(<AdminScreenPage />, url);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    // The gate asks the newsroom service for a session first; with none, it offers the sign-in form.
    expect(await screen.findByLabelText('비밀번호')).toBeInTheDocument();
    expect(screen.getByLabelText('관리자 토큰')).toBeInTheDocument();
  });
});
