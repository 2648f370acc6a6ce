import { isTrackingParam } from './tracking-params';

/**
 * One spelling per page, so the same article reached through a feed, a newsletter link or an AMP
 * page is recognised as one (exact dedup keys on this string). Rules, in order:
 *
 * - Only http and https; anything else (or an unparseable string) throws a TypeError, since the parse
 *   stage must not hand such links on.
 * - Scheme and host lower-cased, a trailing dot on the host removed, default ports (80, 443) dropped,
 *   IDN hosts in punycode (all by the WHATWG URL parser). The scheme itself is kept: http and https
 *   are the same page almost always, but not provably, and feeds give https nearly everywhere.
 * - `www.` is always DROPPED: publishers serve one site on both names and redirect one to the other,
 *   and links in the wild use both; a site serving different content on the two is not a news source.
 * - AMP variants map to the page they mirror: an `amp.` host prefix, a final `/amp` path segment, a
 *   `.amp.html` suffix, and the `outputType=amp` / `amp=1` parameters. Google's AMP cache
 *   (cdn.ampproject.org) is not unwrapped: its path encodes the origin in a way not worth guessing.
 * - The fragment removed; tracking parameters removed (tracking-params.ts); the rest sorted by name,
 *   then value (stable for repeated names), with their encoding otherwise kept.
 * - Percent-escapes of unreserved characters (A–Z a–z 0–9 - . _ ~) decoded, other escapes upper-cased
 *   (RFC 3986 §6.2.2), so `%7e`, `%7E` and `~` agree.
 * - A trailing slash removed, except the root path `/`; `//` runs collapsed.
 */
export function canonicalUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new TypeError(`not a URL: ${url.slice(0, 200)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`not an http(s) URL: ${url.slice(0, 200)}`);
  }

  const host = canonicalHost(parsed.hostname);
  const port = parsed.port; // '' when it is the scheme's default (the parser drops 80/443)
  const path = canonicalPath(parsed.pathname);
  const query = canonicalQuery(parsed.search);
  return `${parsed.protocol}//${host}${port ? `:${port}` : ''}${path}${query ? `?${query}` : ''}`;
}

function canonicalHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.$/, '');
  // Strip `www.` and `amp.` (in either order), but never down to a bare TLD like `www.com` → `com`.
  for (;;) {
    const match = /^(www|amp)\.(.+\..+)$/.exec(host);
    if (!match) return host;
    host = match[2];
  }
}

function canonicalPath(pathname: string): string {
  let path = normaliseEscapes(pathname).replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  // AMP: a final /amp segment, or page.amp.html → page.html.
  path = path.replace(/\/amp$/i, '').replace(/\.amp\.html?$/i, '.html');
  return path === '' ? '/' : path;
}

/** Kept as raw `name=value` pairs so a site's own encoding survives (URLSearchParams would rewrite it). */
function canonicalQuery(search: string): string {
  if (search.length <= 1) return '';
  const pairs = search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = normaliseEscapes(eq === -1 ? pair : pair.slice(0, eq));
      const value = eq === -1 ? undefined : normaliseEscapes(pair.slice(eq + 1));
      return { name, value };
    })
    .filter(({ name, value }) => !isTrackingParam(safeDecode(name)) && !isAmpParam(name, value));
  // Sort by name, then value; Array.prototype.sort is stable, so equal pairs keep their order.
  pairs.sort((a, b) => compare(a.name, b.name) || compare(a.value ?? '', b.value ?? ''));
  return pairs.map(({ name, value }) => (value === undefined ? name : `${name}=${value}`)).join('&');
}

function isAmpParam(name: string, value: string | undefined): boolean {
  const key = name.toLowerCase();
  const v = (value ?? '').toLowerCase();
  if (key === 'outputtype') return v === 'amp';
  if (key === 'amp') return v === '' || v === '1' || v === 'true';
  return false;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Decodes escapes of unreserved characters and upper-cases the hex of all others. */
function normaliseEscapes(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
