/**
 * Synthetic RSS 2.0 feeds of distinct stories. Every story draws its title and lead from a vocabulary of
 * a few thousand made-up words and names an invented company of its own, so no two stories come near
 * the clusterer's thresholds (title Dice 0.15, title+lead Jaccard 0.15): every item is a new cluster.
 */

export interface SyntheticStory {
  /** Index across every feed of the run. */
  index: number;
  link: string;
  title: string;
}

export interface SyntheticFeed {
  /** Path on the feed server, e.g. /feed-3.xml. */
  path: string;
  xml: string;
  stories: SyntheticStory[];
}

/** Deterministic, so runs compare: mulberry32. */
function rng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ONSETS = 'b c d f g h j k l m n p r s t v z br dr gr kl pr st tr'.split(' ');
const VOWELS = 'a e i o u ai ou'.split(' ');
const CODAS = ['', '', 'n', 'r', 'x', 'l', 'sk', 'nt'];

/** Made-up lower-case words (three syllables) and capitalised company names, all distinct. */
function vocabulary(random: () => number, size: number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const words = new Set<string>();
  while (words.size < size) {
    let word = '';
    for (let s = 0; s < 3; s++) word += pick(ONSETS) + pick(VOWELS);
    words.add(word + pick(CODAS));
  }
  return [...words];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `items` stories split over feeds of at most `perFeed` items (the parser reads at most 200 per
 * document), published over the last day so they all fall inside one clustering window.
 */
export function syntheticFeeds(options: {
  items: number;
  perFeed: number;
  baseLink: string;
  seed?: number;
  /** Prefix of the feed paths, so several phases of one run never share a file. */
  name?: string;
}): SyntheticFeed[] {
  const random = rng(options.seed ?? 42);
  const words = vocabulary(random, 4_000);
  const companies = vocabulary(random, options.items + 10).map((w) => w[0].toUpperCase() + w.slice(1));
  const sample = (count: number) =>
    Array.from({ length: count }, () => words[Math.floor(random() * words.length)]);
  const now = Date.now();
  const feeds: SyntheticFeed[] = [];
  for (let start = 0, feed = 0; start < options.items; start += options.perFeed, feed++) {
    const stories: SyntheticStory[] = [];
    const itemsXml: string[] = [];
    for (let index = start; index < Math.min(options.items, start + options.perFeed); index++) {
      const company = `${companies[index]} Labs`;
      const title = `${company} ${sample(7).join(' ')}`;
      const lead = `${company} ${sample(40).join(' ')}.`;
      const body = [lead, sample(60).join(' '), sample(60).join(' ')].map((p) => `<p>${p}</p>`).join('');
      const link = `${options.baseLink}/${options.name ?? 'story'}-${index}`;
      const published = new Date(now - (index % 1440) * 60_000).toUTCString();
      stories.push({ index, link, title });
      itemsXml.push(
        [
          '<item>',
          `<title>${escapeXml(title)}</title>`,
          `<link>${escapeXml(link)}</link>`,
          `<guid>${escapeXml(link)}</guid>`,
          `<pubDate>${published}</pubDate>`,
          `<dc:creator>Bench Writer ${index % 17}</dc:creator>`,
          `<description>${escapeXml(lead)}</description>`,
          `<content:encoded><![CDATA[${body}]]></content:encoded>`,
          '</item>',
        ].join(''),
      );
    }
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      `<channel><title>Pulse bench feed ${feed}</title><link>${options.baseLink}</link><description>Synthetic stories</description>`,
      ...itemsXml,
      '</channel></rss>',
    ].join('\n');
    feeds.push({ path: `/${options.name ?? 'feed'}-${feed}.xml`, xml, stories });
  }
  return feeds;
}
