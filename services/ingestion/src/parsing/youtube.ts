/**
 * YouTube video ids mentioned by an item, for the article's youtubeVideos. Ids come from links, iframe
 * embeds and plain text alike, so one regex runs over every string the item has (HTML included: the
 * URL forms are the same inside attributes).
 */

// An id is 11 characters of [A-Za-z0-9_-]; the negative look-ahead stops a longer token being cut.
const YOUTUBE_URL =
  /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^\s"'<>#]*?&(?:amp;)?)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/gi;

/** Distinct ids in first-seen order. */
export function extractYoutubeIds(...sources: Array<string | undefined>): string[] {
  const ids = new Set<string>();
  for (const source of sources) {
    if (!source) continue;
    for (const match of source.matchAll(YOUTUBE_URL)) ids.add(match[1]);
  }
  return [...ids];
}
