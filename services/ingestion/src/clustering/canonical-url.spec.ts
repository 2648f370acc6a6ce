import { canonicalUrl } from './canonical-url';

describe('canonicalUrl', () => {
  const cases: Array<[string, string, string]> = [
    ['lower-cases scheme and host', 'HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['keeps the path case', 'https://example.com/AI/News', 'https://example.com/AI/News'],
    ['drops the default https port', 'https://example.com:443/a', 'https://example.com/a'],
    ['drops the default http port', 'http://example.com:80/a', 'http://example.com/a'],
    ['keeps a non-default port', 'https://example.com:8443/a', 'https://example.com:8443/a'],
    ['drops www.', 'https://www.example.com/a', 'https://example.com/a'],
    ['drops www. on a sub-domain host too', 'https://WWW.news.example.com/a', 'https://news.example.com/a'],
    ['keeps www when it is all but the TLD', 'https://www.com/a', 'https://www.com/a'],
    ['removes the fragment', 'https://example.com/a#comments', 'https://example.com/a'],
    [
      'removes utm_* parameters',
      'https://example.com/a?utm_source=x&utm_medium=rss',
      'https://example.com/a',
    ],
    ['removes utm_ in any case', 'https://example.com/a?UTM_Source=x', 'https://example.com/a'],
    [
      'removes click ids and mail tokens',
      'https://example.com/a?fbclid=1&gclid=2&mc_cid=3&mc_eid=4&_hsenc=5&_hsmi=6&mkt_tok=7&yclid=8&igshid=9',
      'https://example.com/a',
    ],
    ['removes ref and ref_src', 'https://example.com/a?ref=hn&ref_src=twsrc', 'https://example.com/a'],
    ['removes cmpid', 'https://example.com/a?cmpid=nl-1', 'https://example.com/a'],
    [
      'keeps and sorts content parameters',
      'https://example.com/a?z=1&b=2&a=3',
      'https://example.com/a?a=3&b=2&z=1',
    ],
    [
      'sorts repeated names by value',
      'https://example.com/a?tag=z&id=7&tag=a',
      'https://example.com/a?id=7&tag=a&tag=z',
    ],
    [
      'keeps content parameters among tracking ones',
      'https://example.com/a?utm_source=x&id=42',
      'https://example.com/a?id=42',
    ],
    ['drops an empty query', 'https://example.com/a?', 'https://example.com/a'],
    ['keeps a value-less parameter', 'https://example.com/a?print', 'https://example.com/a?print'],
    ['removes a trailing slash', 'https://example.com/a/b/', 'https://example.com/a/b'],
    ['keeps the root slash', 'https://example.com/', 'https://example.com/'],
    ['adds the root slash', 'https://example.com', 'https://example.com/'],
    ['collapses double slashes', 'https://example.com//a//b', 'https://example.com/a/b'],
    ['decodes unreserved escapes', 'https://example.com/%7Euser/%61%2D%5F', 'https://example.com/~user/a-_'],
    ['upper-cases other escapes', 'https://example.com/a%2fb?q=a%2bb', 'https://example.com/a%2Fb?q=a%2Bb'],
    ['keeps reserved escapes encoded', 'https://example.com/a%20b', 'https://example.com/a%20b'],
    ['maps an amp. host to the page', 'https://amp.example.com/story/1', 'https://example.com/story/1'],
    [
      'maps a final /amp segment to the page',
      'https://example.com/story/1/amp/',
      'https://example.com/story/1',
    ],
    [
      'maps outputType=amp to the page',
      'https://example.com/story?outputType=amp',
      'https://example.com/story',
    ],
    ['maps amp=1 to the page', 'https://example.com/story?amp=1&id=3', 'https://example.com/story?id=3'],
    ['maps .amp.html to .html', 'https://example.com/story.amp.html', 'https://example.com/story.html'],
    [
      'does not touch amp inside a word',
      'https://example.com/ampere/campaign',
      'https://example.com/ampere/campaign',
    ],
    ['drops a trailing dot on the host', 'https://example.com./a', 'https://example.com/a'],
    ['trims whitespace', '  https://example.com/a  ', 'https://example.com/a'],
    ['puts IDN hosts in punycode', 'https://bücher.example/a', 'https://xn--bcher-kva.example/a'],
    [
      'all together',
      'HTTPS://WWW.Example.com:443/2025/03/story/?utm_source=feed&b=2&a=1&fbclid=x#top',
      'https://example.com/2025/03/story?a=1&b=2',
    ],
  ];

  it.each(cases)('%s', (_name, input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const [, input] of cases) expect(canonicalUrl(canonicalUrl(input))).toBe(canonicalUrl(input));
  });

  it.each(['not a url', 'ftp://example.com/a', 'javascript:alert(1)', 'mailto:a@example.com'])(
    'refuses %s',
    (input) => {
      expect(() => canonicalUrl(input)).toThrow(TypeError);
    },
  );
});
