/**
 * A site without a feed: its listing page read with the source's CSS selectors (ScrapeRules). Each match
 * of `item` is one story; the other selectors are looked up inside it. The story's body is not here — the
 * article extractor reads it from the story page later.
 */
import { parseHTML } from 'linkedom';
import type { ScrapeRules } from '../pipeline/pipeline.types';
import { resolveHttpUrl, type RawItem, type Rejected } from './normalise';

type El = Element;

export function readScrapedListing(
  html: string,
  pageUrl: string,
  rules: ScrapeRules,
  rejected: Rejected,
): { items: RawItem[]; baseUrl: string } | string {
  const { document } = parseHTML(html);
  // A <base href> changes what relative links mean, as it would in a browser.
  const baseUrl =
    resolveHttpUrl(document.querySelector('base[href]')?.getAttribute('href'), pageUrl) ?? pageUrl;
  let matches: El[];
  try {
    matches = Array.from(document.querySelectorAll(rules.item));
  } catch (error) {
    return `invalid item selector ${JSON.stringify(rules.item)}: ${message(error)}`;
  }
  const items: RawItem[] = [];
  const seen = new Set<string>();
  for (const element of matches) {
    const item = readItem(element, rules);
    if (typeof item === 'string') return item;
    // Listing pages often link one story twice (image and headline cards); one item per link.
    const key = item.link ? resolveHttpUrl(item.link, baseUrl) : undefined;
    if (key && seen.has(key)) {
      rejected.push({ reason: 'duplicate link on the listing page', title: item.title });
      continue;
    }
    if (key) seen.add(key);
    items.push(item);
  }
  return { items, baseUrl };
}

/** One listing entry; a string when a selector itself is invalid (a source configuration error). */
function readItem(element: El, rules: ScrapeRules): RawItem | string {
  try {
    const linkEl = element.matches(rules.link) ? element : element.querySelector(rules.link);
    const titleEl = rules.title ? element.querySelector(rules.title) : linkEl;
    const dateEl = rules.publishedAt
      ? element.querySelector(rules.publishedAt)
      : element.querySelector('time');
    const imageEl = rules.image ? element.querySelector(rules.image) : element.querySelector('img');
    const summaryEl = rules.summary ? element.querySelector(rules.summary) : null;
    return {
      title: titleEl?.textContent ?? '',
      titleIsHtml: false,
      link: linkEl?.getAttribute('href') ?? undefined,
      published: dateEl
        ? (dateEl.getAttribute('datetime') ?? dateEl.getAttribute('content') ?? dateEl.textContent ?? '')
        : undefined,
      summaryText: summaryEl?.textContent ?? undefined,
      imageUrl: imageEl ? imageSource(imageEl) : undefined,
      extraText: [element.innerHTML.slice(0, 100_000)],
    };
  } catch (error) {
    return `invalid selector in scrape rules: ${message(error)}`;
  }
}

/** Lazy-loading pages keep the real image in data-src or srcset; meta tags keep it in content. */
function imageSource(el: El): string | undefined {
  const srcset = el.getAttribute('srcset') ?? el.getAttribute('data-srcset');
  return (
    el.getAttribute('data-src') ??
    el.getAttribute('src') ??
    (srcset ? srcset.trim().split(/\s+/)[0] : undefined) ??
    el.getAttribute('content') ??
    el.getAttribute('href') ??
    undefined
  );
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
