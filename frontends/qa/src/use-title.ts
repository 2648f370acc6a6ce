import { useEffect } from 'react';

/** docs/spec-community.md §2: question pages' titles end in ' - Q&A'; the site name follows as on every page. */
export function useQaTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} - Q&A | 펄스`;
  }, [title]);
}
