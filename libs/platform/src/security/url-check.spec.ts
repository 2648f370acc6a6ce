import { extractUrls, findAddedUrls, urlKey, urlKeysIn } from './url-check';

describe('URL check', () => {
  it('finds links, images and bare URLs, www. ones included', () => {
    expect(
      extractUrls(
        '<a href="https://a.com/x?y=1&amp;z=2">a</a> <img src=\'https://b.com/i.png\'> 보라 https://c.com/p. 또는 www.d.com/q',
      ),
    ).toEqual(['https://a.com/x?y=1&z=2', 'https://b.com/i.png', 'https://c.com/p', 'www.d.com/q']);
  });

  it('gives one key per address however it is spelled', () => {
    const key = urlKey('https://example.com/a');
    expect(urlKey('https://EXAMPLE.com/a/#top')).toBe(key);
    expect(urlKey('http://example.com/a')).toBe(key);
    expect(urlKey('www.example.com/a')).toBe(urlKey('https://www.example.com/a'));
    expect(urlKey('https://example.com/a?page=2')).not.toBe(key);
    expect(urlKey('https://example.org/a')).not.toBe(key);
  });

  it('knows a YouTube video by its id whatever player URL names it', () => {
    expect(urlKey('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('youtube:dQw4w9WgXcQ');
    expect(urlKey('https://youtu.be/dQw4w9WgXcQ')).toBe('youtube:dQw4w9WgXcQ');
    expect(urlKey('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('youtube:dQw4w9WgXcQ');
  });

  it('keeps a scheme other than http(s) in the key', () => {
    expect(urlKey('javascript:alert(1)')).not.toBe(urlKey('alert(1)'));
  });

  it('reports output URLs absent from the source texts, relative ones included', () => {
    const known = urlKeysIn(['<a href="https://blog.example.net/post/">글</a> www.example.com/story']);
    expect(
      findAddedUrls(
        [
          '<a href="http://blog.example.net/post">글</a> https://www.example.com/story',
          '<a href="https://evil.example/phish">여기</a> <a href="/admin">x</a>',
        ],
        known,
      ),
    ).toEqual(['https://evil.example/phish', '/admin']);
  });
});
