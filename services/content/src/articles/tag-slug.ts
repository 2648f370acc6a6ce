import type { ArticleTag } from '@pulse/contracts';

/**
 * The slug of a tag name: lower-case, spaces and punctuation to '-', Korean kept ('오픈AI 투자' →
 * '오픈ai-투자'), so /tags/{slug} links are readable and stable. The same name always gives the same slug.
 */
export function tagSlug(name: string): string {
  const slug = name
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug || 'tag';
}

/** Tags of the given names, de-duplicated by slug (first spelling kept). */
export function uniqueTags(names: readonly string[]): ArticleTag[] {
  const seen = new Set<string>();
  const tags: ArticleTag[] = [];
  for (const name of names) {
    const slug = tagSlug(name);
    if (seen.has(slug)) continue;
    seen.add(slug);
    tags.push({ id: slug, name: name.trim(), slug });
  }
  return tags;
}
