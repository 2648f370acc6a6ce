import { useId, useState, type FormEvent } from 'react';
import { adminSend } from '../admin-requests';
import { adminErrorText } from '../admin-session';
import type { AuthoringKind } from './authoring-labels';

const DRAFTS = '/api/content/admin/drafts';

/**
 * 'AI 초안': asks the LLM for a draft (an insight from a published story's id, a tech analysis from a
 * technology's name), stored as a draft that then opens in the editor. Shown only when the server says
 * an LLM is configured. A draft takes as long as the model does, so the form says it is working.
 */
export function AiDraftForm({
  onDrafted,
  onCancel,
}: {
  onDrafted: (kind: AuthoringKind, id: string) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<AuthoringKind>('analysis');
  const [subject, setSubject] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = subject.trim();
    if (!given)
      return setError(kind === 'insight' ? '기사 ID를 입력해 주세요.' : '기술 이름을 입력해 주세요.');
    setWorking(true);
    setError(null);
    try {
      const draft = await adminSend<{ id: string }>(
        'POST',
        kind === 'insight' ? `${DRAFTS}/insight` : `${DRAFTS}/analysis`,
        kind === 'insight' ? { articleId: given } : { technologyName: given },
      );
      onDrafted(kind, draft.id);
    } catch (failure) {
      setError(adminErrorText(failure));
    } finally {
      setWorking(false);
    }
  };

  return (
    <form
      className="admin-form"
      aria-label="AI 초안 만들기"
      aria-busy={working}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <label htmlFor={`${field}-kind`}>종류</label>
      <select
        id={`${field}-kind`}
        value={kind}
        disabled={working}
        onChange={(e) => setKind(e.target.value as AuthoringKind)}
      >
        <option value="analysis">기술 분석 (기술 이름으로)</option>
        <option value="insight">인사이트 (게시된 기사 ID로)</option>
      </select>
      <label htmlFor={`${field}-subject`}>{kind === 'insight' ? '기사 ID' : '기술 이름'}</label>
      <input
        id={`${field}-subject`}
        value={subject}
        disabled={working}
        maxLength={100}
        onChange={(e) => setSubject(e.target.value)}
      />
      <div className="admin__actions">
        <button type="submit" className="button" disabled={working}>
          {working ? '초안을 만드는 중…' : '초안 만들기'}
        </button>
        <button type="button" className="button button--outline" disabled={working} onClick={onCancel}>
          취소
        </button>
      </div>
      <p role="status" aria-live="polite">
        {working ? 'AI가 초안을 쓰고 있습니다. 1–2분 걸릴 수 있습니다.' : ''}
      </p>
      {error && (
        <p role="alert" className="admin-login__error">
          초안을 만들지 못했습니다. {error}
        </p>
      )}
    </form>
  );
}
