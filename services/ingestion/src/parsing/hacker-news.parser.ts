/**
 * The Hacker News API (https://github.com/HackerNews/API). It has no feed document: the fetcher reads
 * /v0/topstories.json, then each /v0/item/<id>.json, and hands us the items it got.
 *
 * Accepted shape (sourceType 'api'): either one item object or an array of them, each as the API returns
 *   { id: number, type: 'story'|'job'|'poll'|'comment'|'pollopt', by?: string, time?: number (unix s),
 *     title?: string, url?: string, text?: string (HTML), score?, descendants?, kids?, deleted?, dead? }
 * (`null` entries — the API's answer for a missing id — are skipped.)
 * Stories, jobs and polls become items; comments, poll options, deleted and dead items are rejected.
 * An item without `url` ("Ask HN", "Show HN" text posts) links to its discussion page.
 */
import { type Rejected, type RawItem } from './normalise';

export const HN_ITEM_URL = 'https://news.ycombinator.com/item?id=';

const STORY_TYPES = new Set(['story', 'job', 'poll']);

interface HnItem {
  id?: unknown;
  type?: unknown;
  by?: unknown;
  time?: unknown;
  title?: unknown;
  url?: unknown;
  text?: unknown;
  deleted?: unknown;
  dead?: unknown;
}

export function readHackerNews(json: unknown, rejected: Rejected): RawItem[] {
  const list = Array.isArray(json) ? json : [json];
  const items: RawItem[] = [];
  for (const entry of list) {
    if (entry === null) continue;
    const item = (typeof entry === 'object' ? entry : {}) as HnItem;
    const title = typeof item.title === 'string' ? item.title : undefined;
    if (typeof item.id !== 'number' || !Number.isSafeInteger(item.id)) {
      rejected.push({ reason: 'Hacker News item without a numeric id', title });
      continue;
    }
    if (item.deleted === true || item.dead === true) {
      rejected.push({ reason: `Hacker News item ${item.id} is ${item.deleted ? 'deleted' : 'dead'}`, title });
      continue;
    }
    if (typeof item.type !== 'string' || !STORY_TYPES.has(item.type)) {
      rejected.push({ reason: `Hacker News item ${item.id} is a ${String(item.type)}, not a story`, title });
      continue;
    }
    const discussion = `${HN_ITEM_URL}${item.id}`;
    const text = typeof item.text === 'string' ? item.text : undefined;
    items.push({
      title,
      // HN titles are plain text; "<video> tags" must stay as typed.
      titleIsHtml: false,
      link: typeof item.url === 'string' ? item.url : discussion,
      guid: discussion,
      author: typeof item.by === 'string' ? item.by : undefined,
      published: typeof item.time === 'number' ? item.time : undefined,
      summaryHtml: text,
      bodyHtml: text,
    });
  }
  return items;
}
