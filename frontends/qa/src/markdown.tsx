/**
 * A post's body as the community service rendered it (`bodyHtml`: Markdown with raw HTML off, then an
 * allowlist of tags and attributes; services/community/README.md 'Markdown'). The renderer stays on the
 * server, so no Markdown code ships to the browser; only server-made HTML is ever set here. A read from
 * before bodyHtml existed (a cached copy) shows the text as written, never parsed.
 */
export function PostBody({ html, text }: { html: string | undefined; text: string }) {
  if (html === undefined) return <div className="qa-markdown qa-markdown--plain">{text}</div>;
  return <div className="qa-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The short syntax hint under the ask and answer forms. */
export function MarkdownHint({ id }: { id: string }) {
  return (
    <p id={id} className="qa-md-hint">
      마크다운을 쓸 수 있습니다: <code>`코드`</code>, <code>```언어</code> 코드 블록, <code>**굵게**</code>,{' '}
      <code>*기울임*</code>, <code>[설명](https://…)</code>, <code>1.</code>·<code>-</code> 목록,{' '}
      <code>&gt;</code> 인용
    </p>
  );
}
