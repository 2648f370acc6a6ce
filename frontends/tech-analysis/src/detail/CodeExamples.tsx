import type { CodeExample } from '@pulse/contracts';
import { Icon, toast } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { COPY } from '../copy';
import { highlight } from './highlight';

/** docs/spec-content.md §4, §9: the copy button shows a check mark for 2000 ms. */
export const COPY_CONFIRM_MS = 2000;

function CopyButton({ code, title }: { code: string; title: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      toast({ title: COPY.detail.copyFailed, variant: 'destructive' });
    }
  };
  return (
    <button
      type="button"
      className="code-copy"
      aria-label={COPY.detail.copyCode(title)}
      onClick={() => void copy()}
    >
      <Icon name={copied ? 'check' : 'copy'} /> {copied ? COPY.detail.copied : COPY.detail.copy}
    </button>
  );
}

function CodeBlock({ example }: { example: CodeExample }) {
  return (
    <figure className="code-example">
      <figcaption className="code-example__head">
        <span className="code-example__title">{example.title}</span>
        <span className="code-example__lang">{example.language}</span>
        <CopyButton code={example.code} title={example.title} />
      </figcaption>
      {example.description && <p className="code-example__description">{example.description}</p>}
      {/* A long example scrolls sideways; a keyboard can scroll it only if it takes focus (axe's
          scrollable-region-focusable), and the region's name says what the focus landed on. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable */}
      <pre className="code-example__code" tabIndex={0} role="region" aria-label={example.title}>
        <code className={`language-${example.language}`}>
          {highlight(example.code, example.language).map((token, index) =>
            token.kind === 'plain' ? (
              token.text
            ) : (
              <span key={index} className={`tok-${token.kind}`}>
                {token.text}
              </span>
            ),
          )}
        </code>
      </pre>
    </figure>
  );
}

/** The code tab: examples in their order, each with a copy button; an empty text when there are none. */
export function CodeExamples({ examples }: { examples: readonly CodeExample[] }) {
  if (examples.length === 0) return <p className="tab-empty">{COPY.detail.noCode}</p>;
  const sorted = [...examples].sort((a, b) => a.order - b.order);
  return (
    <div className="code-examples">
      {sorted.map((example) => (
        <CodeBlock key={example.id} example={example} />
      ))}
    </div>
  );
}
