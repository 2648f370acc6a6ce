import { useCallback, useRef, useState } from 'react';
import { useCurrentUser } from './identity';
import { NicknameDialog } from './NicknameDialog';

/** A protected action; an asynchronous one reports its own failures to the reader (a toast, a message). */
export type GatedAction = () => void | Promise<void>;

/**
 * Actions start from event handlers, which cannot wait for them. Whatever still rejects past the action's
 * own handling is a bug: logged here rather than left an unhandled rejection.
 */
function run(action: GatedAction): void {
  action()?.catch((error: unknown) => console.error('[펄스] 보호된 작업이 실패했습니다.', error));
}

/**
 * Protected actions (docs/spec-community.md §6): with an identity the action runs; without one the nickname dialog
 * opens, and the action runs once the nickname is set. Render `dialog` once where the gate is used.
 */
export function useIdentityGate(reason: 'ask' | 'default' = 'default') {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const pending = useRef<GatedAction | null>(null);
  const require = useCallback(
    (action: GatedAction): void => {
      if (user) return run(action);
      pending.current = action;
      setOpen(true);
    },
    [user],
  );
  const dialog = (
    <NicknameDialog
      open={open}
      reason={reason}
      onClose={() => {
        pending.current = null;
        setOpen(false);
      }}
      onSignedIn={() => {
        setOpen(false);
        const action = pending.current;
        pending.current = null;
        if (action) run(action);
      }}
    />
  );
  return { user, require, dialog };
}
