import type { AdminIdentity, NicknameLookupResponse } from '@pulse/contracts';
import { EmptyState, ErrorState, Spinner } from '@pulse/frontend-ui';
import { useState, type FormEvent } from 'react';
import { ADMIN_HEADS } from '../admin-heads';
import { adminErrorText, adminFetch } from '../admin-session';
import { NicknameCard } from './NicknameCard';
import { AdminScreen } from '../AdminScreen';

/**
 * /admin/nicknames: find a nickname (as names collide, so a look-alike finds it too), then see its standing
 * and history, give or take back the expert badge, suspend or reinstate it.
 */
export default function NicknamesPage() {
  return (
    <AdminScreen title="닉네임 관리" head={ADMIN_HEADS.nicknames}>
      {() => <Nicknames />}
    </AdminScreen>
  );
}

type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; items: AdminIdentity[]; nickname: string }
  | { state: 'error'; message: string };

function Nicknames() {
  const [draft, setDraft] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });

  const find = async (nickname: string) => {
    setLookup({ state: 'loading' });
    try {
      const { data } = await adminFetch<NicknameLookupResponse>(
        `/api/community/admin/identities?nickname=${encodeURIComponent(nickname)}`,
      );
      setLookup({ state: 'found', items: data.items, nickname });
    } catch (failure) {
      setLookup({ state: 'error', message: adminErrorText(failure) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nickname = draft.trim();
    if (!nickname) return;
    void find(nickname);
  };

  return (
    <div className="admin">
      <form className="admin-form" role="search" aria-label="닉네임 찾기" onSubmit={submit}>
        <label htmlFor="nickname-query">닉네임</label>
        <input
          id="nickname-query"
          value={draft}
          maxLength={60}
          autoComplete="off"
          aria-describedby="nickname-query-hint"
          onChange={(event) => setDraft(event.target.value)}
        />
        <p id="nickname-query-hint" className="admin__meta">
          대소문자와 비슷하게 생긴 글자는 같은 닉네임으로 찾습니다.
        </p>
        <div className="admin__actions">
          <button type="submit" className="button" disabled={!draft.trim() || lookup.state === 'loading'}>
            찾기
          </button>
        </div>
      </form>
      {lookup.state === 'loading' && <Spinner />}
      {lookup.state === 'error' && (
        <ErrorState
          title="닉네임을 찾지 못했습니다."
          message={lookup.message}
          onRetry={() => void find(draft.trim())}
        />
      )}
      {lookup.state === 'found' && lookup.items.length === 0 && (
        <EmptyState
          title={`'${lookup.nickname}' 닉네임이 없습니다.`}
          message="번호가 붙은 닉네임(예: 이름#1234)은 번호까지 입력하세요."
        />
      )}
      {lookup.state === 'found' &&
        lookup.items.map((identity) => <NicknameCard key={identity.id} initial={identity} />)}
    </div>
  );
}
