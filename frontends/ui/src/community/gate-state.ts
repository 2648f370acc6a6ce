import { useCallback, useRef, useState } from 'react';
import { runGated, type GatedAction } from './gated-action';
import { useCurrentUser } from './identity';

/**
 * The state behind an identity gate, without its dialog (so the eager gate and the lazy one share it and
 * each brings the dialog its own way): `require` runs the action with an identity, or keeps it and opens
 * the dialog; `closed` drops it; `signedIn` closes the dialog and runs it.
 */
export function useGateState() {
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
  const closed = () => {
    pending.current = null;
    setOpen(false);
  };
  const signedIn = () => {
    setOpen(false);
    const action = pending.current;
    pending.current = null;
    if (action) runGated(action);
  };
  return { user, open, require, closed, signedIn };
}
