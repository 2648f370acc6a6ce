import type { QuestionAuthor } from '@pulse/contracts';
import type { ReactNode } from 'react';

/**
 * Whether links in a post by `author` are clickable: only when the server says the author is past 'new'
 * (docs/abuse/trust-levels.md). A post from before trust levels, or with no author, reads as 'new', so a
 * fresh nickname's links stay plain text: a spammer gains nothing by posting them.
 */
export const linksClickableFor = (author: QuestionAuthor | null | undefined): boolean =>
  Boolean(author?.trustLevel && author.trustLevel !== 'new');

/** A markdown link `[text](https://…)` or a bare http(s) URL, up to white space or a closing bracket. */
const LINK = /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)|(https?:\/\/[^\s<>()[\]]+[^\s<>()[\].,!?;:'"])/g;

/**
 * The text with its links as anchors (when `links`) or exactly as written (when not). Only http and https
 * become anchors, never javascript: or data:; they open in a new tab, and rel="ugc nofollow" tells search
 * engines the site does not vouch for them.
 */
function inline(text: string, links: boolean): ReactNode {
  if (!links) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const href = match[2] ?? match[3];
    parts.push(
      <a key={at} href={href} rel="ugc nofollow noopener noreferrer" target="_blank">
        {match[1] ?? href}
      </a>,
    );
    last = at + match[0].length;
  }
  if (!parts.length) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * The seed's simple markdown (docs/spec-community.md §2): code fences, '## ' headings, '- ' list items, blank lines and
 * paragraphs. Built as React elements from text, so nothing in a post is ever parsed as HTML. Links are
 * anchors only with `links` (linksClickableFor the author); code is never linked.
 */
export function SimpleMarkdown({ text, links = false }: { text: string; links?: boolean }) {
  const blocks: ReactNode[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(<p key={blocks.length}>{inline(paragraph.join('\n'), links)}</p>);
    if (list.length)
      blocks.push(
        <ul key={blocks.length}>
          {list.map((item, index) => (
            <li key={index}>{inline(item, links)}</li>
          ))}
        </ul>,
      );
    paragraph = [];
    list = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      for (index += 1; index < lines.length && !lines[index].startsWith('```'); index += 1)
        code.push(lines[index]);
      blocks.push(
        <pre key={blocks.length}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push(<h3 key={blocks.length}>{inline(line.slice(3), links)}</h3>);
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      list.push(line.slice(2));
    } else if (line.trim() === '') {
      flush();
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return <div className="qa-markdown">{blocks}</div>;
}
