import type { ReactNode } from 'react';

/**
 * The seed's simple markdown (docs/spec-community.md §2): code fences, '## ' headings, '- ' list items, blank lines and
 * paragraphs. Built as React elements from text, so nothing in a post is ever parsed as HTML.
 */
export function SimpleMarkdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(<p key={blocks.length}>{paragraph.join('\n')}</p>);
    if (list.length)
      blocks.push(
        <ul key={blocks.length}>
          {list.map((item, index) => (
            <li key={index}>{item}</li>
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
      blocks.push(<h3 key={blocks.length}>{line.slice(3)}</h3>);
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
