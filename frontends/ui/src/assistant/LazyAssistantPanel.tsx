import { lazy, Suspense } from 'react';
import type { AssistantPanelProps } from './AssistantPanel';
import { ASSISTANT_COPY as COPY } from './copy';

// The panel and its streaming client are fetched when a reader first opens the assistant, not with the page
// (docs/benchmarks.md 'Front-end page speed').
const AssistantPanel = lazy(() => import('./AssistantPanel').then((m) => ({ default: m.AssistantPanel })));

/** AssistantPanel, loaded on first use, with a loading line meanwhile. */
export function LazyAssistantPanel(props: AssistantPanelProps) {
  return (
    <Suspense fallback={<p role="status">{COPY.loading}</p>}>
      <AssistantPanel {...props} />
    </Suspense>
  );
}
