import { type GatedAction } from './gated-action';
import { useGateState } from './gate-state';
import { NicknameDialog } from './NicknameDialog';

export type { GatedAction };

/**
 * Protected actions (docs/spec-community.md §6): with an identity the action runs; without one the nickname dialog
 * opens, and the action runs once the nickname is set. Render `dialog` once where the gate is used.
 */
export function useIdentityGate(reason: 'ask' | 'default' = 'default') {
  const { user, open, require, closed, signedIn } = useGateState();
  const dialog = <NicknameDialog open={open} reason={reason} onClose={closed} onSignedIn={signedIn} />;
  return { user, require, dialog };
}
