import { COMMUNITY_LIMITS, SUGGESTED_TAGS } from '@pulse/contracts/src/api/community-constants';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { AssistantHelpWidget, useNavigateTo, usePageHead } from '@pulse/frontend-ui';
import { Link, useSearchParams } from 'react-router';
import { postQuestion } from '../api';
import { COPY } from '../copy';
import { CATEGORY_OPTIONS } from '../list/QuestionCard';
import { MarkdownHint } from '../markdown';
import { LazyMarkdownPreview } from '../lazy-preview';
import { TabButtons, WRITE_PREVIEW_TABS } from '../TabButtons';
import { useIdentityGate } from '../use-identity-gate';
import { PAGE_HEADS } from '../page-heads';

const L = COMMUNITY_LIMITS;
type Errors = Partial<Record<'title' | 'content' | 'category', string>>;

/** docs/spec-community.md §5 ask-form rules; the server enforces the same (and its own upper bounds). */
export function validateQuestion(draft: { title: string; content: string; category: string }): Errors {
  const errors: Errors = {};
  const title = draft.title.trim();
  const content = draft.content.trim();
  if (!title) errors.title = COPY.titleRequired;
  else if (title.length < L.questionTitle.min) errors.title = COPY.titleTooShort;
  if (!content) errors.content = COPY.contentRequired;
  else if (content.length < L.questionContent.min) errors.content = COPY.contentTooShort;
  if (!draft.category) errors.category = COPY.categoryRequired;
  return errors;
}

/** /community/qa/ask: tips, title with a /100 counter, category, up to 5 tags, content with preview. */
export function AskPage() {
  const navigate = useNavigateTo();
  // '이 기사에 대해 질문하기' opens the form with the article attached.
  const articleId = useSearchParams()[0].get('articleId') ?? undefined;
  const { require, dialog } = useIdentityGate('ask');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [tagInput, setTagInput] = useState('');
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  usePageHead(PAGE_HEADS.ask);

  const full = tags.length >= L.questionTags.max;
  const addTag = (raw: string) => {
    const tag = raw.trim().replace(/,+$/, '').trim();
    if (!tag || full || tags.includes(tag) || tag.length > L.tagLength.max) return;
    setTags([...tags, tag]);
    setTagInput('');
  };
  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTag(tagInput);
    }
  };
  const suggestions = SUGGESTED_TAGS.filter((tag) => !tags.includes(tag)).slice(0, L.tagSuggestionsShown);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateQuestion({ title, content, category });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    require(async () => {
      setBusy(true);
      try {
        const response = await postQuestion({
          title: title.trim(),
          content: content.trim(),
          category,
          tags,
          ...(articleId ? { articleId } : {}),
        });
        navigate(
          response?.data?.id
            ? `/community/questions/${encodeURIComponent(response.data.id)}`
            : '/community/qa',
        );
      } catch {
        setErrors({ title: COPY.askFailed });
        setBusy(false);
      }
    });
  };

  return (
    <section className="page qa-page qa-ask">
      <nav aria-label="breadcrumb" className="breadcrumb">
        <Link to="/community/qa">{COPY.breadcrumbQa}</Link> <span aria-hidden="true">›</span>{' '}
        <span>{COPY.askTitle}</span>
      </nav>
      <h1>{COPY.askTitle}</h1>
      <p className="qa-tips" role="note">
        {COPY.tips}
      </p>
      <form onSubmit={submit} noValidate className="qa-form">
        <div className="qa-field">
          <label htmlFor="qa-title">{COPY.titleLabel}</label>
          <input
            id="qa-title"
            type="text"
            value={title}
            aria-invalid={!!errors.title}
            aria-describedby="qa-title-error qa-title-count"
            onChange={(event) => setTitle(event.target.value)}
          />
          <span id="qa-title-count" className="qa-counter">
            {title.trim().length}/{L.questionTitle.displayMax}
          </span>
          {errors.title && (
            <p id="qa-title-error" className="form-error" role="alert">
              {errors.title}
            </p>
          )}
        </div>
        <div className="qa-field">
          <label htmlFor="qa-category-select">{COPY.categoryLabel}</label>
          <select
            id="qa-category-select"
            value={category}
            aria-invalid={!!errors.category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">{COPY.categoryPlaceholder}</option>
            {CATEGORY_OPTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          {errors.category && (
            <p className="form-error" role="alert">
              {errors.category}
            </p>
          )}
        </div>
        <div className="qa-field">
          <label htmlFor="qa-tags">{COPY.tagsLabel}</label>
          <div className="qa-card__tags">
            {tags.map((tag) => (
              <span key={tag} className="qa-chip">
                #{tag}{' '}
                <button
                  type="button"
                  aria-label={COPY.removeTag(tag)}
                  onClick={() => setTags(tags.filter((t) => t !== tag))}
                >
                  ×
                </button>
              </span>
            ))}
          </div>
          <input
            id="qa-tags"
            type="text"
            value={tagInput}
            disabled={full}
            placeholder={full ? COPY.tagsFull : COPY.tagsPlaceholder}
            onChange={(event) =>
              event.target.value.endsWith(',') ? addTag(event.target.value) : setTagInput(event.target.value)
            }
            onKeyDown={onTagKey}
          />
          <div className="qa-suggestions" role="group" aria-label={COPY.suggestions}>
            {suggestions.map((tag) => (
              <button key={tag} type="button" className="qa-chip" disabled={full} onClick={() => addTag(tag)}>
                {tag}
              </button>
            ))}
          </div>
        </div>
        <div className="qa-field">
          <span id="qa-content-label">{COPY.contentLabel}</span>
          <TabButtons tabs={WRITE_PREVIEW_TABS} selected={mode} onSelect={setMode} />
          {mode === 'write' ? (
            <textarea
              aria-labelledby="qa-content-label"
              className="qa-textarea qa-textarea--tall"
              value={content}
              aria-invalid={!!errors.content}
              aria-describedby="qa-content-hint"
              onChange={(event) => setContent(event.target.value)}
            />
          ) : (
            <LazyMarkdownPreview text={content} />
          )}
          {mode === 'write' && <MarkdownHint id="qa-content-hint" />}
          {errors.content && (
            <p className="form-error" role="alert">
              {errors.content}
            </p>
          )}
        </div>
        <AssistantHelpWidget kind="draft" context={{ draft: { title, content } }} />
        <div className="qa-form__actions">
          <Link to="/community/qa" className="button button--outline">
            {COPY.cancel}
          </Link>
          <button type="submit" className="button" disabled={busy}>
            {busy ? COPY.submitting : COPY.submitQuestion}
          </button>
        </div>
      </form>
      {dialog}
    </section>
  );
}
