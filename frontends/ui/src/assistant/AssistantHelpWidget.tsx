import { useState } from 'react';
import { NicknameDialog, useCurrentUser } from '../community';
import type { AssistantContext } from './assistant-client';
import { LazyAssistantPanel } from './LazyAssistantPanel';
import { ASSISTANT_COPY as COPY } from './copy';

/**
 * The assistant as a help widget (docs/spec-community.md §2): on question detail with the question as context, on the ask
 * form with the draft. Folded until opened, so the page does not start a session nobody asked for.
 */
export function AssistantHelpWidget({
  context,
  kind,
}: {
  context: AssistantContext;
  kind: 'question' | 'draft';
}) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [askName, setAskName] = useState(false);
  const intro = kind === 'question' ? COPY.helpQuestion : COPY.helpDraft;
  return (
    <aside className="assistant-help" aria-label={COPY.helpTitle}>
      {open && user ? (
        <LazyAssistantPanel context={context} heading={COPY.helpTitle} intro={intro} />
      ) : (
        <>
          <p className="assistant-help__intro">{intro}</p>
          <button type="button" onClick={() => (user ? setOpen(true) : setAskName(true))}>
            {COPY.open}
          </button>
        </>
      )}
      <NicknameDialog
        open={askName}
        onClose={() => setAskName(false)}
        onSignedIn={() => {
          setAskName(false);
          setOpen(true);
        }}
      />
    </aside>
  );
}
