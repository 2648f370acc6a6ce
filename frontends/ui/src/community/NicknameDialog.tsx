import { COMMUNITY_LIMITS } from '@pulse/contracts/src/api/community-constants';
import { randomNickname } from '@pulse/contracts/src/api/community-nickname';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../api';
import { signUp } from './identity';

/** docs/spec-community.md §2 'Nickname dialog' strings. */
export const NICKNAME_COPY = {
  title: '로그인 필요',
  text: '이 기능을 사용하려면 닉네임을 설정해주세요.',
  askText: '질문을 올리려면 닉네임을 설정해주세요.',
  label: '닉네임',
  tooShort: '닉네임은 2자 이상이어야 합니다.',
  tooLong: `닉네임은 ${COMMUNITY_LIMITS.nickname.max}자 이하여야 합니다.`,
  usable: '사용 가능한 닉네임입니다.',
  random: '랜덤 닉네임',
  submit: '닉네임으로 시작하기',
  submitting: '설정 중…',
  cancel: '취소',
  failed: '닉네임을 설정하지 못했습니다. 다시 시도해주세요.',
} as const;

const lengthOf = (name: string) => [...name.normalize('NFC').trim()].length;

function hintFor(name: string): { text: string; ok: boolean } | null {
  if (name === '') return null;
  const length = lengthOf(name);
  if (length < COMMUNITY_LIMITS.nickname.min) return { text: NICKNAME_COPY.tooShort, ok: false };
  if (length > COMMUNITY_LIMITS.nickname.max) return { text: NICKNAME_COPY.tooLong, ok: false };
  return { text: NICKNAME_COPY.usable, ok: true };
}

export interface NicknameDialogProps {
  open: boolean;
  /** 'ask' shows the ask form's own text (seed). */
  reason?: 'ask' | 'default';
  onClose: () => void;
  /** Called once the server created the identity. */
  onSignedIn: () => void;
}

/**
 * Opens when an action needs an identity: a nickname with a live hint, and a random one. The seed's disabled
 * 'email sign-up (coming soon)' button is left out: the site offers no email accounts (docs/design.md §11).
 */
export function NicknameDialog({ open, reason = 'default', onClose, onSignedIn }: NicknameDialogProps) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!open) return;
    setError(null);
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  const hint = hintFor(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hint?.ok || busy) return;
    setBusy(true);
    setError(null);
    try {
      await signUp(name.normalize('NFC').trim());
      setName('');
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : NICKNAME_COPY.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    // The backdrop only catches a pointer press outside the dialog; Escape (the keydown listener above)
    // is the keyboard's way out, so the backdrop itself has no role.
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="modal nickname-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{NICKNAME_COPY.title}</h2>
        <p>{reason === 'ask' ? NICKNAME_COPY.askText : NICKNAME_COPY.text}</p>
        {/* Nothing to wait for: submit shows its own failure in the dialog and never rejects. */}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${hintId}-input`}>{NICKNAME_COPY.label}</label>
          <div className="nickname-dialog__row">
            <input
              id={`${hintId}-input`}
              type="text"
              ref={input}
              value={name}
              maxLength={40}
              autoComplete="nickname"
              aria-describedby={hintId}
              aria-invalid={hint ? !hint.ok : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            <button
              type="button"
              className="button button--outline"
              onClick={() => setName(randomNickname())}
            >
              {NICKNAME_COPY.random}
            </button>
          </div>
          <p id={hintId} className={hint?.ok ? 'hint hint--ok' : 'hint hint--error'} aria-live="polite">
            {hint?.text ?? ''}
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="modal__actions">
            <button type="button" className="button button--outline" onClick={onClose}>
              {NICKNAME_COPY.cancel}
            </button>
            <button type="submit" className="button" disabled={!hint?.ok || busy}>
              {busy ? NICKNAME_COPY.submitting : NICKNAME_COPY.submit}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
