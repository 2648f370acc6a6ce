import { useState, type FormEvent } from 'react';
import { useNavigateTo } from '@pulse/frontend-ui';
import { SEARCH } from '../copy';

/** docs/spec-content.md §2, §5: a query that is empty after trimming goes nowhere; otherwise /search?q=<encoded>. */
export function searchPath(query: string): string | null {
  const trimmed = query.trim();
  return trimmed === '' ? null : `/search?q=${encodeURIComponent(trimmed)}`;
}

export function HeaderSearch({ onSearch }: { onSearch?: () => void }) {
  const [query, setQuery] = useState('');
  const navigate = useNavigateTo();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(query);
    if (!path) return;
    navigate(path);
    onSearch?.();
  };
  return (
    <form className="header-search" role="search" onSubmit={submit}>
      <label htmlFor="header-search-input" className="sr-only">
        {SEARCH.label}
      </label>
      <input
        id="header-search-input"
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={SEARCH.placeholder}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" aria-label={SEARCH.submit}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
