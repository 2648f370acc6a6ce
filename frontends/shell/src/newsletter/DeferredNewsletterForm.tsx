import { WhenVisible } from '@pulse/frontend-ui';
import { lazy, Suspense } from 'react';

// The footer's and the home banner's form are below the fold: loaded as the reader scrolls toward them
// (docs/benchmarks.md 'Front-end page speed').
const NewsletterForm = lazy(() => import('./NewsletterForm').then((m) => ({ default: m.NewsletterForm })));

/** The newsletter form, fetched once it comes near the viewport. */
export function DeferredNewsletterForm({ name }: { name: string }) {
  return (
    <WhenVisible name={name}>
      <Suspense fallback={null}>
        <NewsletterForm />
      </Suspense>
    </WhenVisible>
  );
}
