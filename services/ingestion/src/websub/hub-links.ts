import { checkAddress, isIpLiteral, normaliseHost } from '../fetching/address-guard';
import { attr, children, isNode, parseXml, type XmlValue } from '../parsing/xml';

/** Where a feed says it is pushed from: its WebSub hub and its own canonical URL (the topic). */
export interface HubLinks {
  hub: string;
  /** rel="self", else the URL it was fetched from. */
  topic: string;
}

const HTTP_URL = /^https?:\/\//i;

/** The targets of an RFC 8288 Link header, by relation ("<https://hub>; rel="hub", <…>; rel=self"). */
export function linkHeaderTargets(header: string | undefined): Map<string, string> {
  const targets = new Map<string, string>();
  if (!header) return targets;
  // Bounded: a hostile header must not cost more than a short scan.
  for (const match of header.slice(0, 8_000).matchAll(/<([^>]{1,2000})>([^,<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2]);
    for (const name of (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/))
      if (name && !targets.has(name)) targets.set(name, match[1].trim());
  }
  return targets;
}

/** The feed-level <link> (Atom) or <atom:link> (RSS) elements of an XML feed, by relation. */
function feedLinkTargets(text: string): Map<string, string> {
  const targets = new Map<string, string>();
  // Most feeds name no hub: only those that mention one are parsed a second time.
  if (!/rel\s*=\s*["']?hub/i.test(text)) return targets;
  const xml = parseXml(text);
  if (!xml.ok) return targets;
  const feedLevel: XmlValue[] = [xml.root.feed, ...children(xml.root.rss, 'channel'), xml.root['rdf:RDF']];
  for (const level of feedLevel) {
    const container = Array.isArray(level) ? level[0] : level;
    if (!isNode(container)) continue;
    for (const [name, value] of Object.entries(container)) {
      if (name !== 'link' && !name.endsWith(':link')) continue;
      for (const link of Array.isArray(value) ? value : [value]) {
        const href = attr(link, 'href');
        for (const rel of (attr(link, 'rel') ?? '').toLowerCase().split(/\s+/))
          if (href && rel && !targets.has(rel)) targets.set(rel, href.trim());
      }
    }
  }
  return targets;
}

/**
 * WebSub discovery (W3C WebSub §4): the hub and self links of the HTTP Link header win over the
 * document's. Null when no hub is named or a link is not an absolute http(s) URL. The fetched URL
 * stands in for a missing self link.
 */
export function discoverHub(document: { text: string; link?: string; url: string }): HubLinks | null {
  const header = linkHeaderTargets(document.link);
  const body = header.has('hub') ? new Map<string, string>() : feedLinkTargets(document.text);
  const hub = header.get('hub') ?? body.get('hub');
  const topic = header.get('self') ?? body.get('self') ?? document.url;
  if (!hub || !HTTP_URL.test(hub) || !HTTP_URL.test(topic)) return null;
  try {
    return { hub: new URL(hub).href, topic: new URL(topic).href };
  } catch {
    return null;
  }
}

/**
 * Whether the subscription secret may be sent to this hub. Anyone on the path reads a plain-http request,
 * and with the secret could sign pushes of their own; without it no push can be checked. So: https, or
 * plain http only to a private or loopback address written as such (a name could resolve elsewhere)
 * where the operator lets sources reach private networks.
 */
export function mayShareSecretWith(hub: string, privateSourcesAllowed: boolean): boolean {
  const { protocol, hostname } = new URL(hub);
  if (protocol === 'https:') return true;
  if (!privateSourcesAllowed) return false;
  const host = normaliseHost(hostname);
  return host !== undefined && isIpLiteral(host) && !checkAddress(host).allowed;
}
