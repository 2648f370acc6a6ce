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
