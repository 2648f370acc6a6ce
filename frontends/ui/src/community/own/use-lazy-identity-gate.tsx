import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { runGated, type GatedAction } from '../gated-action';
import { useCurrentUser } from '../identity';

// The dialog's code (its hints, the random nickname's word lists) is fetched the first time it opens: the
// follow and bookmark buttons sit on pages whose JavaScript has a budget, and most readers never open it.
const NicknameDialog = lazy(() => import('../NicknameDialog').then((m) => ({ default: m.NicknameDialog })));

/**
 * useIdentityGate for the small buttons: with an identity the action runs; without one the nickname dialog
 * opens (its code loaded then), and the action runs once the nickname is set.
 */
export function useLazyIdentityGate() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const pending = useRef<GatedAction | null>(null);
  const require = useCallback(
    (action: GatedAction): void => {
      if (user) return runGated(action);
      pending.current = action;
      setOpen(true);
    },
    [user],
  );
  const dialog = open && (
    <Suspense fallback={null}>
      <NicknameDialog
        open
        onClose={() => {
          pending.current = null;
          setOpen(false);
        }}
        onSignedIn={() => {
          setOpen(false);
          const action = pending.current;
          pending.current = null;
          if (action) runGated(action);
        }}
      />
    </Suspense>
  );
  return { user, require, dialog };
}
