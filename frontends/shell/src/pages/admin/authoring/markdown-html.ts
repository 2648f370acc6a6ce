/**
 * The editor's Markdown and the HTML the content service stores (and sanitises again) for an insight's
 * body or an analysis's section. Only a small Markdown is understood: '## ' and '### ' headings,
 * paragraphs, '- ' and '1. ' lists, '> ' quotes, ``` code blocks, **bold**, *italic*, `code` and
 * [links](https://…). Every character of the text is escaped first, so the HTML holds only the tags made
 * here: nothing typed is ever read as HTML.
 */

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inline marks of one escaped line: code first, so nothing inside a code span is read as a mark. */
function inline(text: string): string {
  const parts = escapeHtml(text).split(/(`[^`]+`)/);
  return parts
    .map((part) => {
      if (/^`[^`]+`$/.test(part)) return `<code>${part.slice(1, -1)}</code>`;
      return part
        .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2">$1</a>')
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/\*([^*]+)\*/g, '<em>$1</em>');
    })
    .join('');
}

type Block =
  | { kind: 'p' | 'blockquote'; lines: string[] }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'h2' | 'h3'; text: string }
  | { kind: 'pre'; lines: string[] };

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let open: Block | null = null;
  const close = () => {
    if (open) blocks.push(open);
    open = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      close();
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i]!);
      blocks.push({ kind: 'pre', lines: code });
      continue;
    }
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    const quote = /^>\s?(.*)$/.exec(line);
    if (line.trim() === '') close();
    else if (heading) {
      close();
      blocks.push({ kind: heading[1] === '##' ? 'h2' : 'h3', text: heading[2]!.trim() });
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const current = open as Block | null;
      if (current?.kind !== kind) close();
      open ??= { kind, items: [] };
      (open as { items: string[] }).items.push((bullet ?? numbered)![1]!);
    } else if (quote) {
      const current = open as Block | null;
      if (current?.kind !== 'blockquote') close();
      open ??= { kind: 'blockquote', lines: [] };
      (open as { lines: string[] }).lines.push(quote[1]!);
    } else {
      const current = open as Block | null;
      if (current?.kind !== 'p') close();
      open ??= { kind: 'p', lines: [] };
      (open as { lines: string[] }).lines.push(line.trim());
    }
  }
  close();
  return blocks;
}

export function markdownToHtml(markdown: string): string {
  return blocksOf(markdown)
    .map((block) => {
      switch (block.kind) {
        case 'h2':
        case 'h3':
          return `<${block.kind}>${inline(block.text)}</${block.kind}>`;
        case 'pre':
          return `<pre><code>${escapeHtml(block.lines.join('\n'))}</code></pre>`;
        case 'ul':
        case 'ol':
          return `<${block.kind}>${block.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${block.kind}>`;
        case 'blockquote':
          return `<blockquote><p>${block.lines.map(inline).join('<br />')}</p></blockquote>`;
        case 'p':
          return `<p>${block.lines.map(inline).join('<br />')}</p>`;
      }
    })
    .join('\n');
}

/** The tags markdownToHtml writes: anything else in a stored body cannot be shown as Markdown. */
const KNOWN = new Set([
  'P',
  'H2',
  'H3',
  'UL',
  'OL',
  'LI',
  'PRE',
  'CODE',
  'BLOCKQUOTE',
  'STRONG',
  'B',
  'EM',
  'I',
  'A',
  'BR',
]);

function inlineOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  const inner = Array.from(node.childNodes).map(inlineOf).join('');
  switch (node.tagName) {
    case 'STRONG':
    case 'B':
      return `**${inner}**`;
    case 'EM':
    case 'I':
      return `*${inner}*`;
    case 'CODE':
      return `\`${node.textContent ?? ''}\``;
    case 'A':
      return `[${inner}](${node.getAttribute('href') ?? ''})`;
    case 'BR':
      return '\n';
    default:
      return inner;
  }
}

/**
 * A stored body back to the editor's Markdown. `exact` is false when the body holds something this
 * Markdown cannot say (an image, a table, an attribute): the editor then warns that saving a changed
 * body replaces it, and a body left alone is not sent at all.
 */
export function htmlToMarkdown(html: string): { markdown: string; exact: boolean } {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  let exact = true;
  body.querySelectorAll('*').forEach((element) => {
    const attributes = element.tagName === 'A' ? ['href'] : [];
    if (!KNOWN.has(element.tagName)) exact = false;
    if (Array.from(element.attributes).some((attribute) => !attributes.includes(attribute.name)))
      exact = false;
  });
  const blocks: string[] = [];
  for (const node of Array.from(body.childNodes)) {
    if (!(node instanceof Element)) {
      const text = (node.textContent ?? '').trim();
      if (text) blocks.push(text);
      continue;
    }
    switch (node.tagName) {
      case 'H2':
        blocks.push(`## ${inlineOf(node)}`);
        break;
      case 'H3':
        blocks.push(`### ${inlineOf(node)}`);
        break;
      case 'UL':
      case 'OL':
        blocks.push(
          Array.from(node.children)
            .map((li, index) => `${node.tagName === 'UL' ? '-' : `${index + 1}.`} ${inlineOf(li)}`)
            .join('\n'),
        );
        break;
      case 'PRE':
        blocks.push(`\`\`\`\n${node.textContent ?? ''}\n\`\`\``);
        break;
      case 'BLOCKQUOTE':
        blocks.push(
          inlineOf(node)
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n'),
        );
        break;
      default:
        blocks.push(inlineOf(node));
    }
  }
  return { markdown: blocks.join('\n\n'), exact };
}
