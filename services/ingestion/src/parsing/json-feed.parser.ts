/**
 * JSON Feed 1.1 (and 1.0, whose single `author` 1.1 replaced with `authors`). Every field is untrusted
 * JSON, so each is read through a type check rather than cast.
 */
import { readEach, type RawItem, type Rejected } from './normalise';

export function readJsonFeed(json: unknown, rejected: Rejected): RawItem[] | string {
  const items = (json as { items?: unknown }).items;
  if (!Array.isArray(items)) return 'JSON Feed without an items array';
  const feedAuthor = authorsOf(json);
  return readEach(items, (item) => readItem(item, feedAuthor), rejected);
}

function readItem(item: unknown, feedAuthor: string | undefined): RawItem {
  const id = str(item, 'id') ?? num(item, 'id')?.toString();
  const attachments = arr(item, 'attachments');
  const imageAttachment = attachments.find((a) => str(a, 'mime_type')?.startsWith('image/'));
  return {
    // Plain text by the spec, but feeds put entities and tags in titles anyway, so they are read as HTML.
    title: str(item, 'title'),
    link: str(item, 'url') ?? str(item, 'external_url'),
    guid: id,
    author: authorsOf(item) ?? feedAuthor,
    published: str(item, 'date_published') ?? str(item, 'date_modified'),
    summaryText: str(item, 'summary'),
    bodyHtml: str(item, 'content_html') ?? textAsHtml(str(item, 'content_text')),
    imageUrl: str(item, 'image') ?? str(item, 'banner_image') ?? str(imageAttachment, 'url'),
    extraText: [str(item, 'external_url') ?? '', ...attachments.map((a) => str(a, 'url') ?? '')],
  };
}

function authorsOf(node: unknown): string | undefined {
  const names = [...arr(node, 'authors'), field(node, 'author')]
    .map((author) => str(author, 'name'))
    .filter((name): name is string => !!name?.trim());
  return names.length ? names.join(', ') : undefined;
}

/** content_text is plain text; the body is HTML, so it is escaped (and paragraphs kept). */
function textAsHtml(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.trim()}</p>`)
    .join('');
}

function field(node: unknown, key: string): unknown {
  return node && typeof node === 'object' && !Array.isArray(node)
    ? (node as Record<string, unknown>)[key]
    : undefined;
}

function str(node: unknown, key: string): string | undefined {
  const value = field(node, key);
  return typeof value === 'string' ? value : undefined;
}

function num(node: unknown, key: string): number | undefined {
  const value = field(node, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function arr(node: unknown, key: string): unknown[] {
  const value = field(node, key);
  return Array.isArray(value) ? value : [];
}
