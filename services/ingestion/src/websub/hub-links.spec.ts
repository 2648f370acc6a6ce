import { discoverHub, linkHeaderTargets, mayShareSecretWith } from './hub-links';
import { isValidSignature, signBody } from './hub-signature';

const atom = (links: string) =>
  `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>${links}` +
  `<entry><title>A</title><link href="https://news.example/a"/><id>a</id></entry></feed>`;

describe('WebSub discovery', () => {
  it('finds the hub and self links of an Atom feed and of an RSS feed (atom:link)', () => {
    const url = 'https://feeds.example/fetched.xml';
    expect(
      discoverHub({
        text: atom(
          '<link rel="hub" href="https://hub.example/"/><link rel="self" href="https://feeds.example/atom"/>',
        ),
        url,
      }),
    ).toEqual({ hub: 'https://hub.example/', topic: 'https://feeds.example/atom' });
    const rss =
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>t</title>' +
      '<atom:link rel="hub" href="https://pubsubhubbub.example/"/><item><title>x</title><link>https://n.example/x</link></item>' +
      '</channel></rss>';
    // No self link: the URL fetched is the topic.
    expect(discoverHub({ text: rss, url })).toEqual({ hub: 'https://pubsubhubbub.example/', topic: url });
  });

  it('prefers the HTTP Link header, and ignores a feed without a hub or with a relative or non-http one', () => {
    const link = '<https://hub.example/h>; rel="hub", <https://feeds.example/self>; rel=self';
    expect(linkHeaderTargets(link).get('hub')).toBe('https://hub.example/h');
    expect(
      discoverHub({
        text: atom('<link rel="hub" href="https://other.example/"/>'),
        link,
        url: 'https://f.example/',
      }),
    ).toEqual({ hub: 'https://hub.example/h', topic: 'https://feeds.example/self' });
    expect(discoverHub({ text: atom(''), url: 'https://f.example/' })).toBeNull();
    expect(
      discoverHub({ text: atom('<link rel="hub" href="/hub"/>'), url: 'https://f.example/' }),
    ).toBeNull();
    expect(
      discoverHub({ text: atom('<link rel="hub" href="javascript:x"/>'), url: 'https://f.example/' }),
    ).toBeNull();
    expect(discoverHub({ text: 'rel="hub" <not xml', url: 'https://f.example/' })).toBeNull();
  });
});

describe('which hubs may be sent the secret', () => {
  it('any hub on https; one on plain http only at a private or loopback address, where allowed', () => {
    expect(mayShareSecretWith('https://hub.example/', false)).toBe(true);
    for (const hub of ['http://127.0.0.1:8080/hub', 'http://10.0.0.5/', 'http://[::1]/', 'http://0x7f.1/'])
      expect({ hub, shared: mayShareSecretWith(hub, true) }).toEqual({ hub, shared: true });
    expect(mayShareSecretWith('http://127.0.0.1:8080/hub', false)).toBe(false);
    // A public address, or a name, which could resolve anywhere.
    for (const hub of ['http://hub.example/', 'http://8.8.8.8/', 'http://localhost/'])
      expect({ hub, shared: mayShareSecretWith(hub, true) }).toEqual({ hub, shared: false });
  });
});

describe('X-Hub-Signature', () => {
  const body = Buffer.from('<feed/>');
  it('accepts the HMAC of the exact bytes with our secret, in sha256 or sha1', () => {
    expect(isValidSignature(signBody(body, 'our-secret'), 'our-secret', body)).toBe(true);
    expect(isValidSignature(signBody(body, 'our-secret', 'sha1'), 'our-secret', body)).toBe(true);
  });

  it('refuses another secret, other bytes, a missing, malformed or unknown-algorithm header', () => {
    expect(isValidSignature(signBody(body, 'their-secret'), 'our-secret', body)).toBe(false);
    expect(isValidSignature(signBody(body, 'our-secret'), 'our-secret', Buffer.from('<feed />'))).toBe(false);
    expect(isValidSignature(undefined, 'our-secret', body)).toBe(false);
    expect(isValidSignature('sha256=zz', 'our-secret', body)).toBe(false);
    expect(isValidSignature(signBody(body, 'our-secret').replace('sha256', 'md5'), 'our-secret', body)).toBe(
      false,
    );
  });
});
