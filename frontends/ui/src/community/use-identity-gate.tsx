import { useCallback, useRef, useState } from 'react';
import { useCurrentUser } from './identity';
import { runGated as run, type GatedAction } from './gated-action';
import { NicknameDialog } from './NicknameDialog';

export type { GatedAction };

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
