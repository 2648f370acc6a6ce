import { ArticleBody } from '@pulse/frontend-ui';
import { useId } from 'react';
import { markdownToHtml } from './markdown-html';

/**
 * A Markdown section and its live preview, drawn by the article page's own body renderer (ArticleBody)
 * from the HTML that saving sends, so what the editor sees is what readers will get.
 */
export function MarkdownField({
  label,
  value,
  inexact,
  onChange,
}: {
  label: string;
  value: string;
  /** The stored HTML has what the Markdown cannot say: changing it here replaces that. */
  inexact: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hint = `${id}-hint`;
  return (
    <div className="markdown-field">
      <div className="markdown-field__editor">
        <label htmlFor={id}>{label} (마크다운)</label>
        <textarea
          id={id}
          rows={14}
          value={value}
          aria-describedby={hint}
          onChange={(event) => onChange(event.target.value)}
        />
        <p id={hint} className="admin__meta">
          ## 제목, - 목록, 1. 번호 목록, &gt; 인용, ``` 코드, **굵게**, *기울임*, [링크](https://…)
          {inexact &&
            ' · 저장된 본문에 마크다운으로 옮길 수 없는 서식(이미지 등)이 있어, 고치면 그 서식은 빠집니다.'}
        </p>
      </div>
      <section className="markdown-field__preview" aria-label={`${label} 미리 보기`}>
        {value.trim() ? (
          <ArticleBody html={markdownToHtml(value)} />
        ) : (
          <p className="admin__meta">쓰는 대로 여기에 독자 화면처럼 보입니다.</p>
        )}
      </section>
    </div>
  );
}
