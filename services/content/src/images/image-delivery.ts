import type { ImageWidth } from '@pulse/contracts';

/** The hashed URL never changes content: a year, immutable (no revalidation on reload). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The hashless URL answers whatever image is current, so caches ask again after five minutes. */
export const CURRENT_CACHE = 'public, max-age=300';
/**
 * Stored images are served from our own origin; an SVG opened directly must not run anything, and no
 * response may be sniffed into another type.
 */
export const IMAGE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;

/**
 * The stored slot that answers a requested width: the same width when stored; else the largest stored
 * below it (images are never enlarged, so wide slots are missing for a narrow original); else the
 * smallest stored (an SVG stored once). Without a width, the largest stored.
 */
export function chooseSlot(slots: readonly number[], requested: ImageWidth | undefined): number {
  const ascending = [...slots].sort((a, b) => a - b);
  if (requested === undefined) return ascending[ascending.length - 1];
  if (ascending.includes(requested)) return requested;
  const below = ascending.filter((slot) => slot < requested);
  return below.length ? below[below.length - 1] : ascending[0];
}

/** RFC 9110 If-None-Match: '*' or a list of entity tags, compared weakly (a W/ prefix is ignored). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
