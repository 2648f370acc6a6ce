import type {
  CategorySlug,
  IngestionSourceAdmin,
  IngestionSourceType,
  SourcePreviewResponse,
} from '@pulse/contracts';
import { CATEGORY_NAMES, PostedTime } from '@pulse/frontend-ui';
import { useState, type FormEvent } from 'react';
import { SOURCES } from '../../../copy';
import { adminSend } from '../admin-requests';
import { adminErrorText } from '../admin-session';
import { ERROR_LABELS } from './source-labels';

// Written out rather than imported: a value from the contracts' modules brings their zod schemas along.
const SOURCE_TYPES: readonly IngestionSourceType[] = ['rss', 'api', 'scrape'];

export interface SourceDraft {
  name: string;
  description: string;
  sourceType: IngestionSourceType;
  url: string;
  category: CategorySlug;
  /** Blank: the service's adaptive interval. */
  intervalMinutes: string;
  allowPrivateNetwork: boolean;
  scrapeItem: string;
  scrapeLink: string;
}

const EMPTY: SourceDraft = {
  name: '',
  description: '',
  sourceType: 'rss',
  url: '',
  category: 'gen-ai',
  intervalMinutes: '',
  allowPrivateNetwork: false,
  scrapeItem: '',
  scrapeLink: '',
};

export const draftOf = (source: IngestionSourceAdmin): SourceDraft => ({
  name: source.name,
  description: source.description,
  sourceType: source.sourceType,
  url: source.url,
  category: source.category,
  intervalMinutes: source.intervalMinutes === null ? '' : String(source.intervalMinutes),
  allowPrivateNetwork: source.allowPrivateNetwork,
  scrapeItem: source.scrape?.item ?? '',
  scrapeLink: source.scrape?.link ?? '',
});

const scrapeOf = (draft: SourceDraft) =>
  draft.sourceType === 'scrape' ? { item: draft.scrapeItem.trim(), link: draft.scrapeLink.trim() } : null;

/** The fields the API takes, as a create body or (for an edit) a full PATCH of the editable fields. */
export const bodyOf = (draft: SourceDraft) => ({
  name: draft.name.trim(),
  description: draft.description.trim(),
  sourceType: draft.sourceType,
  url: draft.url.trim(),
  category: draft.category,
  intervalMinutes: draft.intervalMinutes.trim() ? Number(draft.intervalMinutes) : null,
  allowPrivateNetwork: draft.allowPrivateNetwork,
  scrape: scrapeOf(draft),
});

/** What a preview depends on: a preview of other inputs says nothing about these. */
const previewKey = (draft: SourceDraft) =>
  JSON.stringify([draft.sourceType, draft.url.trim(), draft.allowPrivateNetwork, scrapeOf(draft)]);

/**
 * Adding or editing a source. A new source is saved only after its feed was previewed as typed (the first
 * items, or why they could not be read), so an editor sees what the source will bring before it runs.
 */
export function SourceForm({
  source,
  onSaved,
  onCancel,
}: {
  /** The source being edited; absent when adding one. */
  source?: IngestionSourceAdmin;
  onSaved: (saved: IngestionSourceAdmin) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<SourceDraft>(source ? draftOf(source) : EMPTY);
  const [preview, setPreview] = useState<{ key: string; result: SourcePreviewResponse } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = source ? `source-${source.id}` : 'source-new';
  const field = (name: string) => `${id}-${name}`;
  const change = <K extends keyof SourceDraft>(key: K, value: SourceDraft[K]) =>
    setDraft((now) => ({ ...now, [key]: value }));

  const previewed = preview?.key === previewKey(draft);
  const canSave = Boolean(source) || previewed;

  const runPreview = async () => {
    setProblem(null);
    setPreviewing(true);
    const key = previewKey(draft);
    try {
      const { sourceType, url, allowPrivateNetwork, scrape } = bodyOf(draft);
      const result = await adminSend<SourcePreviewResponse>('POST', '/api/ingestion/sources/preview', {
        sourceType,
        url,
        allowPrivateNetwork,
        scrape,
      });
      setPreview({ key, result });
    } catch (failure) {
      setPreview(null);
      setProblem(adminErrorText(failure));
    } finally {
      setPreviewing(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) {
      setProblem('저장하기 전에 입력한 주소로 미리 보기를 해 주세요.');
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = source
        ? await adminSend<IngestionSourceAdmin>(
            'PATCH',
            `/api/ingestion/sources/${encodeURIComponent(source.id)}`,
            bodyOf(draft),
          )
        : await adminSend<IngestionSourceAdmin>('POST', '/api/ingestion/sources', bodyOf(draft));
      onSaved(saved);
    } catch (failure) {
      setProblem(adminErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="admin-form admin__item"
      aria-label={source ? `${source.name} 고치기` : '새 소스 추가'}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <label htmlFor={field('name')}>이름</label>
      <input
        id={field('name')}
        value={draft.name}
        required
        maxLength={100}
        onChange={(e) => change('name', e.target.value)}
      />
      <label htmlFor={field('description')}>설명 (선택)</label>
      <input
        id={field('description')}
        value={draft.description}
        maxLength={500}
        onChange={(e) => change('description', e.target.value)}
      />
      <label htmlFor={field('type')}>형식</label>
      <select
        id={field('type')}
        value={draft.sourceType}
        onChange={(e) => change('sourceType', e.target.value as IngestionSourceType)}
      >
        {SOURCE_TYPES.map((type) => (
          <option key={type} value={type}>
            {SOURCES.types[type]}
          </option>
        ))}
      </select>
      <label htmlFor={field('url')}>피드 주소</label>
      <input
        id={field('url')}
        type="url"
        inputMode="url"
        value={draft.url}
        required
        placeholder="https://example.com/feed.xml"
        onChange={(e) => change('url', e.target.value)}
      />
      {draft.sourceType === 'scrape' && (
        <>
          <label htmlFor={field('scrape-item')}>기사 목록 항목 선택자 (CSS)</label>
          <input
            id={field('scrape-item')}
            value={draft.scrapeItem}
            placeholder="article"
            onChange={(e) => change('scrapeItem', e.target.value)}
          />
          <label htmlFor={field('scrape-link')}>항목 안 기사 링크 선택자 (CSS)</label>
          <input
            id={field('scrape-link')}
            value={draft.scrapeLink}
            placeholder="a"
            onChange={(e) => change('scrapeLink', e.target.value)}
          />
        </>
      )}
      <label htmlFor={field('category')}>카테고리</label>
      <select
        id={field('category')}
        value={draft.category}
        onChange={(e) => change('category', e.target.value as CategorySlug)}
      >
        {(Object.keys(CATEGORY_NAMES) as CategorySlug[]).map((slug) => (
          <option key={slug} value={slug}>
            {CATEGORY_NAMES[slug]}
          </option>
        ))}
      </select>
      <label htmlFor={field('interval')}>확인 주기 (분, 비우면 자동 조절)</label>
      <input
        id={field('interval')}
        type="number"
        min={1}
        max={1440}
        value={draft.intervalMinutes}
        onChange={(e) => change('intervalMinutes', e.target.value)}
      />
      <label>
        <input
          type="checkbox"
          checked={draft.allowPrivateNetwork}
          onChange={(e) => change('allowPrivateNetwork', e.target.checked)}
        />{' '}
        내부망 주소 허용 (테스트용 피드 서버에만)
      </label>
      <div className="admin__actions">
        <button
          type="button"
          className="button button--outline"
          disabled={previewing || !draft.url.trim()}
          onClick={() => void runPreview()}
        >
          {previewing ? '불러오는 중…' : '미리 보기'}
        </button>
        <button type="submit" className="button" disabled={saving || !canSave}>
          {saving ? '저장하는 중…' : '저장'}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          취소
        </button>
      </div>
      {!source && !previewed && (
        <p className="admin__meta">주소를 입력하고 미리 보기를 하면 저장할 수 있습니다.</p>
      )}
      {problem && <p role="alert">{problem}</p>}
      {preview && previewed && <PreviewResult result={preview.result} />}
    </form>
  );
}

function PreviewResult({ result }: { result: SourcePreviewResponse }) {
  if (result.outcome === 'failed')
    return (
      <section aria-label="미리 보기 결과" className="admin__item">
        <p>
          피드를 읽지 못했습니다: {ERROR_LABELS[result.errorCategory]}. 저장하면 다음 실행에서도 같은 오류가
          날 수 있습니다.
        </p>
        <p className="admin__meta">{result.error}</p>
      </section>
    );
  return (
    <section aria-label="미리 보기 결과" className="admin__item">
      <p>
        기사 {result.itemsFound}건을 읽었습니다
        {result.itemsRejected > 0 ? ` (읽지 못한 항목 ${result.itemsRejected}건)` : ''}.
        {result.items.length > 0 ? ` 처음 ${result.items.length}건:` : ''}
      </p>
      {result.items.length === 0 ? (
        <p>피드에 기사가 없습니다.</p>
      ) : (
        <ol aria-label="피드의 처음 기사">
          {result.items.map((item) => (
            <li key={item.link}>
              <a href={item.link} target="_blank" rel="noopener noreferrer">
                {item.title}
              </a>
              {item.publishedAt && (
                <span className="admin__meta">
                  {' '}
                  · <PostedTime value={item.publishedAt} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
