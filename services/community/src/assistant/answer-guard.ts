import { extractWrittenUrls } from '@pulse/platform';

/** Markdown links and images: `[text](target)`, `![alt](target)`. */
const MARKDOWN_LINK = /(!?)\[([^\]\n]{0,300})\]\(([^)\s]*)[^)]*\)/g;
/** Schemes a renderer could follow, written bare. */
const OTHER_SCHEMES = /\b(?:javascript|data|vbscript|file|ftp|mailto):[^\s)]*/gi;
/** Site-relative paths written bare: '/article/x' is ours to allow, anything else is dropped. */
const RELATIVE_PATH = /(^|[\s(])(\/[A-Za-z0-9_\-./%?=&#]+)/g;
/** A domain with a path, written without a scheme ('evil.example/win'). */
const DOMAIN_PATH = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/[^\s)]*/gi;
/** Markup: answers are shown as text, and a tag the model writes is never meant for the reader. */
const TAG = /<\/?[a-z][^<>]*>/gi;
const WINDOW = 30;

const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * Watches an answer as the model streams it. Retrieved articles are untrusted, so whatever the model
 * writes is checked before a reader sees it (ARCHITECTURE.md, 'What an LLM may write'):
 * - links: the only targets allowed are the cited articles' own paths (`/article/{id}`); any other link,
 *   URL or scheme is removed (a markdown link keeps its text), and recorded;
 * - the rules: text that repeats any 30 characters of the system prompt, or its identifier, ends the answer
 *   (`leaked`); the segment that would have shown it is never sent.
 * Text is released at white space, so a URL (which has none) is always judged whole.
 */
export class AnswerGuard {
  readonly removed: string[] = [];
  leaked = false;
  private pending = '';
  private shown = '';
  private readonly ruleWindows = new Set<string>();

  constructor(
    private readonly allowedPaths: ReadonlySet<string>,
    rules: readonly string[],
    private readonly marker: string,
  ) {
    for (const line of rules) {
      const squashed = squash(line);
      for (let start = 0; start + WINDOW <= squashed.length; start += 1)
        this.ruleWindows.add(squashed.slice(start, start + WINDOW));
    }
  }

  /** Text safe to show now (possibly empty); nothing more once `leaked`. */
  push(delta: string): string {
    if (this.leaked) return '';
    this.pending += delta;
    const cut = this.releasePoint();
    if (cut <= 0) return '';
    const segment = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return this.release(segment);
  }

  /** The rest, at the end of the stream. */
  end(): string {
    if (this.leaked) return '';
    const rest = this.pending;
    this.pending = '';
    return this.release(rest);
  }

  /** Everything shown so far. */
  get text(): string {
    return this.shown;
  }

  private releasePoint(): number {
    // Hold an open markdown link until it closes (or grows implausibly long), so it is judged whole.
    // Likewise an open tag until its '>'.
    const link = this.pending.lastIndexOf('[');
    const tag = this.pending.lastIndexOf('<');
    const holds = [
      link >= 0 && !/\]\([^)]*\)/.test(this.pending.slice(link)) ? link : -1,
      tag >= 0 && !this.pending.slice(tag).includes('>') ? tag : -1,
    ].filter((at) => at >= 0 && this.pending.length - at < 400);
    if (holds.length) return lastSpace(this.pending.slice(0, Math.min(...holds)));
    return lastSpace(this.pending);
  }

  private release(segment: string): string {
    if (!segment) return '';
    const clean = this.withoutForeignLinks(segment);
    if (this.repeatsRules(this.shown + clean)) {
      this.leaked = true;
      return '';
    }
    this.shown += clean;
    return clean;
  }

  private withoutForeignLinks(text: string): string {
    let out = text
      .replace(TAG, '')
      .replace(MARKDOWN_LINK, (whole, bang: string, label: string, target: string) => {
        if (!bang && this.allowedPaths.has(target)) return whole;
        this.removed.push(target);
        return bang ? '' : label;
      });
    for (const url of extractWrittenUrls(out)) {
      this.removed.push(url);
      out = out.split(url).join('');
    }
    out = out.replace(OTHER_SCHEMES, (url) => (this.removed.push(url), ''));
    out = out.replace(DOMAIN_PATH, (url) => (this.removed.push(url), ''));
    out = out.replace(RELATIVE_PATH, (whole, before: string, path: string) => {
      if (this.allowedPaths.has(path.replace(/[.,;:!?]+$/, ''))) return whole;
      this.removed.push(path);
      return before;
    });
    return out;
  }

  private repeatsRules(text: string): boolean {
    const squashed = squash(text);
    if (squashed.includes(squash(this.marker))) return true;
    // Only windows that end in the new text need checking, but the shown text is short: check all.
    for (let start = 0; start + WINDOW <= squashed.length; start += 1)
      if (this.ruleWindows.has(squashed.slice(start, start + WINDOW))) return true;
    return false;
  }
}

function lastSpace(text: string): number {
  const match = /\s(?=\S*$)/.exec(text);
  return match ? match.index + 1 : 0;
}
