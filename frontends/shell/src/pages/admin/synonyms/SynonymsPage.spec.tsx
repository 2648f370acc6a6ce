import { deferred, errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SynonymsPage from './SynonymsPage';

const SYNONYMS = '/api/content/admin/search/synonyms';
const group = (id: string, spellings: string[]) => ({
  id,
  spellings,
  createdAt: '2026-11-20T00:00:00.000Z',
});
const listOf = (added: unknown[]) => ({
  body: {
    dictionary: [
      ['오픈AI', 'OpenAI'],
      ['엔비디아', 'NVIDIA'],
    ],
    added,
  },
});

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch();
});

const addedList = () => screen.getByRole('list', { name: '추가한 동의어 묶음' });
const entry = (text: string) => screen.getByText(text).closest<HTMLElement>('li')!;

describe('/admin/synonyms', () => {
  it('shows the admin navigation with this screen current, and says when the token is refused', async () => {
    api.on('GET', SYNONYMS, errorResponse(401, 'Admin credential required'));
    renderAt(<SynonymsPage />, '/admin/synonyms');
    const nav = screen.getByRole('navigation', { name: '관리 메뉴' });
    expect(within(nav).getByRole('link', { name: '검색 동의어' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '글 검토' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: '댓글 검토' })).toHaveAttribute('href', '/admin/comments');
    await waitFor(() => expect(document.body).toHaveTextContent('관리자 토큰이 없거나 올바르지 않습니다.'));
    expect(within(screen.getByRole('alert')).getByRole('button')).toHaveTextContent('다시 시도');
  });

  it('shows a spinner while loading, then the added groups and the dictionary beside them', async () => {
    const reply = deferred<{ body: unknown }>();
    api.on('GET', SYNONYMS, reply.promise);
    renderAt(<SynonymsPage />, '/admin/synonyms');
    expect(document.querySelectorAll('.spinner')).toHaveLength(1);
    reply.resolve(listOf([group('g1', ['하닉', 'SK하이닉스'])]));
    await screen.findByText('하닉 · SK하이닉스');
    expect(document.querySelectorAll('.spinner')).toHaveLength(0);
    expect(document.body).toHaveTextContent('추가한 동의어 묶음 1개');
    expect(within(addedList()).getAllByRole('listitem')).toHaveLength(1);
    expect(document.body).toHaveTextContent('기본 사전의 동의어 묶음 2개');
    expect(
      within(screen.getByRole('list', { name: '기본 사전의 동의어 묶음' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['오픈AI · OpenAI', '엔비디아 · NVIDIA']);
  });

  it('says so when no group was added yet', async () => {
    api.on('GET', SYNONYMS, listOf([]));
    renderAt(<SynonymsPage />, '/admin/synonyms');
    expect(await screen.findByText('추가한 동의어 묶음이 없습니다.')).toBeInTheDocument();
  });

  it('adds a group typed with commas, refusing fewer than two different spellings before asking', async () => {
    let added: unknown[] = [];
    api
      .on('GET', SYNONYMS, () => listOf(added))
      .on('POST', SYNONYMS, (request) => {
        const { spellings } = request.body as { spellings: string[] };
        added = [group('g2', spellings)];
        return { status: 201, body: added[0] };
      });
    const user = userEvent.setup();
    renderAt(<SynonymsPage />, '/admin/synonyms');
    await screen.findByText('추가한 동의어 묶음이 없습니다.');
    const input = screen.getByLabelText('새 동의어 묶음');
    await user.type(input, '하닉, 하닉');
    await user.click(screen.getByRole('button', { name: '추가' }));
    expect(input).toHaveAccessibleDescription('서로 다른 표기를 두 개 이상 쉼표로 나눠 입력하세요.');
    expect(api.calls('POST', SYNONYMS)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, ' 하닉 , SK하이닉스,{Enter}');
    await waitFor(() => expect(document.body).toHaveTextContent('동의어 묶음을 추가했습니다.'));
    expect(api.calls('POST', SYNONYMS).map((r) => r.body)).toEqual([{ spellings: ['하닉', 'SK하이닉스'] }]);
    expect(entry('하닉 · SK하이닉스')).toHaveClass('admin__item');
    expect(input).toHaveValue('');
    // Focus goes to what happened, so a keyboard user hears it.
    expect(document.activeElement).toHaveTextContent('동의어 묶음을 추가했습니다.');
  });

  it("shows the server's refusal of a group that exists already", async () => {
    api
      .on('GET', SYNONYMS, listOf([]))
      .on('POST', SYNONYMS, errorResponse(409, 'this synonym group exists already'));
    const user = userEvent.setup();
    renderAt(<SynonymsPage />, '/admin/synonyms');
    await screen.findByText('추가한 동의어 묶음이 없습니다.');
    await user.type(screen.getByLabelText('새 동의어 묶음'), '하닉, SK하이닉스{Enter}');
    await waitFor(() =>
      expect(document.body).toHaveTextContent('요청에 실패했습니다: this synonym group exists already'),
    );
  });

  it('edits a group by adding its new spellings, then removing the old group', async () => {
    let added = [group('g1', ['하닉', 'SK하이닉스'])];
    api
      .on('GET', SYNONYMS, () => listOf(added))
      .on('POST', SYNONYMS, (request) => {
        const { spellings } = request.body as { spellings: string[] };
        added = [...added, group('g3', spellings)];
        return { status: 201, body: added.at(-1) };
      })
      .on('DELETE', `${SYNONYMS}/g1`, () => {
        added = added.filter((g) => g.id !== 'g1');
        return { status: 204 };
      });
    const user = userEvent.setup();
    renderAt(<SynonymsPage />, '/admin/synonyms');
    await screen.findByText('하닉 · SK하이닉스');
    await user.click(within(entry('하닉 · SK하이닉스')).getByRole('button', { name: '고치기' }));
    const input = screen.getByLabelText('동의어 묶음 고치기');
    expect(input).toHaveValue('하닉, SK하이닉스');
    await user.type(input, ', 하이닉스');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(document.body).toHaveTextContent('동의어 묶음을 고쳤습니다.'));
    expect(api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${SYNONYMS}`,
      `DELETE ${SYNONYMS}/g1`,
    ]);
    expect(
      within(addedList())
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['하닉 · SK하이닉스 · 하이닉스']);
    expect(screen.queryByLabelText('동의어 묶음 고치기')).not.toBeInTheDocument();
  });

  it('asks before deleting, and deletes nothing when cancelled', async () => {
    let added = [group('g1', ['하닉', 'SK하이닉스'])];
    api
      .on('GET', SYNONYMS, () => listOf(added))
      .on('DELETE', `${SYNONYMS}/g1`, () => {
        added = [];
        return { status: 204 };
      });
    const user = userEvent.setup();
    renderAt(<SynonymsPage />, '/admin/synonyms');
    await screen.findByText('하닉 · SK하이닉스');
    const remove = within(entry('하닉 · SK하이닉스')).getByRole('button', { name: '삭제' });
    expect(remove).toHaveAccessibleDescription('하닉 · SK하이닉스');
    await user.click(remove);
    expect(screen.getByRole('alertdialog', { name: '동의어 묶음을 삭제할까요?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE', `${SYNONYMS}/g1`)).toHaveLength(0);
    await user.click(remove);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(document.body).toHaveTextContent('동의어 묶음을 삭제했습니다.'));
    expect(api.calls('DELETE', `${SYNONYMS}/g1`)).toHaveLength(1);
    expect(await screen.findByText('추가한 동의어 묶음이 없습니다.')).toBeInTheDocument();
  });
});
