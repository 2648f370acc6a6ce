import { lazy, Suspense } from 'react';
import { useGateState } from '../gate-state';

// The dialog's code (its hints, the random nickname's word lists) is fetched the first time it opens: the
// follow and bookmark buttons sit on pages whose JavaScript has a budget, and most readers never open it.
const NicknameDialog = lazy(() => import('../NicknameDialog').then((m) => ({ default: m.NicknameDialog })));

/**
 * useIdentityGate for the small buttons: with an identity the action runs; without one the nickname dialog
 * opens (its code loaded then), and the action runs once the nickname is set.
 */
export function useLazyIdentityGate() {
  const { user, open, require, closed, signedIn } = useGateState();
  const dialog = open && (
    <Suspense fallback={null}>
      <NicknameDialog open onClose={closed} onSignedIn={signedIn} />
    </Suspense>
  );
  return { user, require, dialog };
}
