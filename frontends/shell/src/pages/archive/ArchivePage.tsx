import type { ArchiveResponse } from '@pulse/contracts';
import { ArticleCard, LIST_QUERY, useApiQuery, useNavigateTo, usePageHead } from '@pulse/frontend-ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { ArticleListStates } from '../../components/ArticleListStates';
import { Pagination } from '../../components/Pagination';
import { PAGE_HEADS } from '../../page-heads';
import { ARCHIVE } from '../../copy';
import {
  ARCHIVE_CATEGORIES,
  ARCHIVE_SORTS,
  ARCHIVE_TIMEFRAMES,
  archiveApiPath,
  archiveSearch,
  readArchiveQuery,
  type ArchiveQuery,
} from './archive-query';

/** /archive: every filter is pushed to the URL, so a filtered view can be shared and Back undoes a change. */
export default function ArchivePage() {
  const { search } = useLocation();
  const navigate = useNavigateTo();
  const query = readArchiveQuery(new URLSearchParams(search));
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);
  usePageHead(PAGE_HEADS.archive);

  const path = archiveApiPath(query);
  const result = useApiQuery<ArchiveResponse>(path, path, LIST_QUERY);
  const go = (change: Partial<ArchiveQuery>) =>
    navigate(`/archive${archiveSearch({ ...query, page: 1, ...change })}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text.trim() });
  };

  return (
    <div className="archive">
      <header className="listing-header">
        <h1>{ARCHIVE.title}</h1>
        <p>{ARCHIVE.description}</p>
      </header>
      <form className="listing-controls" role="search" onSubmit={submit}>
        <label>
          {ARCHIVE.categoryLabel}
          <select
            value={query.category}
            onChange={(e) => go({ category: e.target.value as ArchiveQuery['category'] })}
          >
            {ARCHIVE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {ARCHIVE.categories[c]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {ARCHIVE.sortLabel}
          <select value={query.sort} onChange={(e) => go({ sort: e.target.value as ArchiveQuery['sort'] })}>
            {ARCHIVE_SORTS.map((s) => (
              <option key={s} value={s}>
                {ARCHIVE.sorts[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {ARCHIVE.timeframeLabel}
          <select
            value={query.timeframe}
            onChange={(e) => go({ timeframe: e.target.value as ArchiveQuery['timeframe'] })}
          >
            {ARCHIVE_TIMEFRAMES.map((t) => (
              <option key={t} value={t}>
                {ARCHIVE.timeframes[t]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {ARCHIVE.queryLabel}
          <input type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className="button">
          {ARCHIVE.apply}
        </button>
      </form>
      <ArticleListStates result={result} skeletons={6} errorTitle={ARCHIVE.error} emptyTitle={ARCHIVE.empty}>
        {(data) => (
          <>
            <div className="card-grid">
              {data.articles.map((article) => (
                <ArticleCard
                  key={article.id}
                  article={article}
                  to={`/article/${encodeURIComponent(article.id)}`}
                />
              ))}
            </div>
            <Pagination
              page={data.currentPage}
              totalPages={data.totalPages}
              hrefFor={(page) => `/archive${archiveSearch({ ...query, page })}`}
            />
          </>
        )}
      </ArticleListStates>
    </div>
  );
}
