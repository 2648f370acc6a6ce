import {
  byLabel,
  cleanup,
  click,
  get,
  installFetch,
  location,
  pageText,
  queryAll,
  render,
  select,
  submit,
  type,
  waitFor,
  type FetchMock,
} from '@pulse/frontend-ui/src/testing';
import App from '../App';
import { badge, author, listPage, question } from '../testing/fixtures';

let api: FetchMock;
beforeEach(() => {
  localStorage.clear();
  api = installFetch();
});
afterEach(cleanup);

const renderQa = (url = '/community/qa') => render(<App />, url, '/community/*');
const FIRST = '/api/community/questions?page=1&sort=latest&category=all';

describe('question list', () => {
  it('shows the four tiles from the server, cards with 3 tags then +N and 2 author badges', async () => {
    api.on(
      'GET',
      FIRST,
      listPage([question('q1', { user: author('u1', [badge('a'), badge('b'), badge('c')]) })]),
    );
    await renderQa();
    await waitFor(() => expect(queryAll('.qa-card')).toHaveLength(1));
    expect(queryAll('.qa-tile dd').map((dd) => dd.textContent)).toEqual(['21', '4', '9', '30']);
    expect(queryAll('.qa-card .qa-card__tags .qa-chip').map((chip) => chip.textContent)).toEqual([
      '#ChatGPT',
      '#API',
      '#토큰',
      '+1',
    ]);
    expect(queryAll('.qa-card .community-badge').map((b) => b.textContent)).toEqual([
      '★ 배지 a',
      '★ 배지 b',
      '+1',
    ]);
    expect(get('.qa-card a').getAttribute('href')).toBe('/community/questions/q1');
    expect(get('.community-badge').getAttribute('title')).toContain('배지 a 설명');
  });

  it('loads the next page with "load more"', async () => {
    api
      .on('GET', FIRST, listPage([question('q1')], true))
      .on(
        'GET',
        '/api/community/questions?page=2&sort=latest&category=all',
        listPage([question('q2')], false, 2),
      );
    await renderQa();
    await waitFor(() => expect(queryAll('.qa-card')).toHaveLength(1));
    await click(get('button', '더 보기'));
    await waitFor(() => expect(queryAll('.qa-card')).toHaveLength(2));
    expect(queryAll('button', '더 보기')).toHaveLength(0);
  });

  it('says there are no questions yet, or none for the filters', async () => {
    api
      .on('GET', FIRST, listPage([]))
      .on('GET', '/api/community/questions?page=1&sort=latest&category=blockchain', listPage([]));
    await renderQa();
    await waitFor(() => expect(pageText()).toContain('아직 질문이 없습니다.'));
    await select(byLabel('카테고리'), 'blockchain');
    await waitFor(() => expect(pageText()).toContain('검색 조건에 맞는 질문이 없습니다.'));
    expect(location()).toBe('/community/qa?category=blockchain');
  });

  it('searches through the server', async () => {
    api
      .on('GET', FIRST, listPage([question('q1')]))
      .on(
        'GET',
        '/api/community/questions?page=1&sort=latest&category=all&q=%EB%B8%94%EB%A1%9D',
        listPage([question('q9')]),
      );
    await renderQa();
    await waitFor(() => expect(queryAll('.qa-card')).toHaveLength(1));
    await type(byLabel('질문 검색'), '블록');
    await submit(get('form[role="search"]'));
    await waitFor(() => expect(get('.qa-card a').getAttribute('href')).toBe('/community/questions/q9'));
  });

  it('shows an error with retry when the list fails, never sample questions', async () => {
    let fail = true;
    api.on('GET', FIRST, () =>
      fail
        ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: '점검 중' } }
        : listPage([question('q1')]),
    );
    await renderQa();
    await waitFor(() => expect(pageText()).toContain('질문을 불러오지 못했습니다.'));
    expect(queryAll('.qa-card')).toHaveLength(0);
    fail = false;
    await click(get('button', '다시 시도'));
    await waitFor(() => expect(queryAll('.qa-card')).toHaveLength(1));
  });

  it('opens the nickname dialog for "ask" when signed out, then goes to the form', async () => {
    api.on('GET', FIRST, listPage([])).on('POST', '/api/community/auth/anonymous', {
      body: { success: true, data: { user: author('u9'), token: 't', sessionId: 's9' } },
    });
    await renderQa();
    await click(get('.qa-header button', '질문하기'));
    expect(get('[role="dialog"]').textContent).toContain('질문을 올리려면 닉네임을 설정해주세요.');
    await type(byLabel('닉네임'), '가');
    expect(pageText()).toContain('닉네임은 2자 이상이어야 합니다.');
    await type(byLabel('닉네임'), '가나');
    expect(pageText()).toContain('사용 가능한 닉네임입니다.');
    expect(get('button', '이메일로 가입 (준비 중)').hasAttribute('disabled')).toBe(true);
    await submit(get('[role="dialog"] form'));
    await waitFor(() => expect(location()).toBe('/community/qa/ask'));
    const stored = JSON.parse(localStorage.getItem('anonymous_user') ?? '{}');
    expect(stored.displayName).toBe('닉네임-u9');
    expect(stored.token).toBeUndefined();
  });
});
