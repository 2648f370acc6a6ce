import { lazy, Suspense, type ComponentProps } from 'react';
import { COPY } from '../copy';

// The edit form (with its preview) loads when a reader first edits: most readers never do, and the
// question page's script budget (test/e2e/js-budget.spec.ts) is spent on what every reader sees.
const PostEditorChunk = lazy(() => import('./PostEditor').then((module) => ({ default: module.PostEditor })));

export function LazyPostEditor(props: ComponentProps<typeof PostEditorChunk>) {
  return (
    <Suspense fallback={<p aria-busy="true">{COPY.editorLoading}</p>}>
      <PostEditorChunk {...props} />
    </Suspense>
  );
}
