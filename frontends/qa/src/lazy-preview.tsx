import { lazy, Suspense } from 'react';
import { COPY } from './copy';

// The preview loads when a writer first opens the '미리보기' tab, not with every question page.
const MarkdownPreviewChunk = lazy(() => import('./MarkdownPreview'));

/** The draft rendered by the server (MarkdownPreview.tsx), loaded on first use. */
export function LazyMarkdownPreview({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <div className="qa-preview" aria-busy="true">
          {COPY.previewLoading}
        </div>
      }
    >
      <MarkdownPreviewChunk text={text} />
    </Suspense>
  );
}
