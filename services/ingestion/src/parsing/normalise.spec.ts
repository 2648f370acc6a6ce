import { toIsoUtc } from './dates';
import { absolutiseHtmlUrls, htmlToText, resolveHttpUrl } from './normalise';
import { extractYoutubeIds } from './youtube';

describe('toIsoUtc', () => {
  it.each([
    ['Tue, 04 Mar 2025 08:15:00 GMT', '2025-03-04T08:15:00.000Z'],
    ['Tue, 4 Mar 2025 08:15:00 +0900', '2025-03-03T23:15:00.000Z'],
    ['4 Mar 25 08:15 EDT', '2025-03-04T12:15:00.000Z'],
    ['Tue, 04 Mar 2025 08:15:00 KST', '2025-03-03T23:15:00.000Z'],
    ['Tuesday, 04-Mar-2025 08:15:00 UT', '2025-03-04T08:15:00.000Z'],
    ['2025-03-04T08:15:00Z', '2025-03-04T08:15:00.000Z'],
    ['2025-03-04T08:15:00.123456-05:00', '2025-03-04T13:15:00.123Z'],
    ['2025-03-04 08:15:00', '2025-03-04T08:15:00.000Z'],
    ['2025-03-04', '2025-03-04T00:00:00.000Z'],
  ])('%s → %s', (input, expected) => {
    expect(toIsoUtc(input)).toBe(expected);
  });

  it('reads unix seconds (Hacker News)', () => {
    expect(toIsoUtc(1741078800)).toBe('2025-03-04T09:00:00.000Z');
  });

  it.each([
    '',
    'yesterday',
    '2025-02-31T00:00:00Z',
    'Tue, 04 Foo 2025 08:15:00 GMT',
    '0001-01-01T00:00:00Z',
    '9999-12-31',
  ])('gives undefined for %j', (input) => {
    expect(toIsoUtc(input)).toBeUndefined();
  });
});

describe('extractYoutubeIds', () => {
  it('finds every URL form once, in order', () => {
    expect(
      extractYoutubeIds(
        'see https://youtu.be/AAAAAAAAAA1 and <iframe src="//www.youtube.com/embed/BBBBBBBBBB2?rel=0">',
        'https://m.youtube.com/watch?v=CCCCCCCCCC3&t=10 https://www.youtube.com/shorts/DDDDDDDDDD4',
        'again https://www.youtube.com/watch?v=AAAAAAAAAA1',
      ),
    ).toEqual(['AAAAAAAAAA1', 'BBBBBBBBBB2', 'CCCCCCCCCC3', 'DDDDDDDDDD4']);
  });

  it('ignores ids of the wrong length and other hosts', () => {
    expect(
      extractYoutubeIds('https://youtu.be/short', 'https://notyoutube.example/embed/AAAAAAAAAA1x', undefined),
    ).toEqual([]);
  });
});

describe('URLs and text', () => {
  it('keeps only http(s) URLs, resolved against the base', () => {
    const base = 'https://news.example.com/a/b.html';
    expect(resolveHttpUrl('../c', base)).toBe('https://news.example.com/c');
    expect(resolveHttpUrl('//cdn.example.com/x.png', base)).toBe('https://cdn.example.com/x.png');
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'mailto:a@b.c',
      'http://[::1',
    ]) {
      expect(resolveHttpUrl(bad, base)).toBeUndefined();
    }
  });

  it('makes relative href/src absolute in HTML and leaves other schemes to the sanitiser', () => {
    expect(
      absolutiseHtmlUrls(
        '<a href="/x?a=1&amp;b=2">x</a><img src=\'y.png\'><a href="mailto:a@b.c">m</a>',
        'https://s.example.com/d/',
      ),
    ).toBe(
      '<a href="https://s.example.com/x?a=1&amp;b=2">x</a><img src="https://s.example.com/d/y.png"><a href="mailto:a@b.c">m</a>',
    );
  });

  it('turns HTML into collapsed plain text with entities decoded', () => {
    expect(htmlToText('<p>One&nbsp;&amp; two</p><p>three&hellip;</p><style>p{}</style>')).toBe(
      'One & two three…',
    );
  });
});
