import { parseHTML } from 'linkedom';
import { allowlisted } from './post-html-allowlist';
import { PostMarkdown, shownUrl } from './post-markdown';

/** Every element's tag and attribute names, read by an HTML parser as a browser would. */
function elementsOf(html: string): { tag: string; attributes: string[]; href: string | null }[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return [...document.body.querySelectorAll('*')].map((element) => ({
    tag: element.tagName.toLowerCase(),
    attributes: [...element.attributes].map((attribute) => attribute.name.toLowerCase()),
    href: element.getAttribute('href'),
  }));
}
const ALLOWED_TAGS = new Set(['p', 'br', 'hr', 'strong', 'em', 's', 'code', 'pre', 'a', 'ul', 'ol', 'li']);
['blockquote', 'h3', 'h4', 'span'].forEach((tag) => ALLOWED_TAGS.add(tag));
const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'target', 'title', 'class', 'start']);

describe('PostMarkdown: posts rendered on the server with raw HTML off and an allowlist after', () => {
  const markdown = new PostMarkdown();
  const trusted = (text: string) => markdown.render(text, { links: true });
  const fresh = (text: string) => markdown.render(text, { links: false });

  it('renders inline code, fenced code highlighted by its language, emphasis, lists and quotes', () => {
    const html = trusted(
      [
        '`useMemo`는 **값**을, *함수*는 ~~아님~~:',
        '',
        '```ts',
        'const total: number = items.length;',
        '```',
        '',
        '1. 첫째',
        '2. 둘째',
        '',
        '- 하나',
        '- 둘',
        '',
        '> 인용문',
      ].join('\n'),
    );
    expect(html).toContain('<code>useMemo</code>');
    expect(html).toContain('<strong>값</strong>');
    expect(html).toContain('<em>함수</em>');
    expect(html).toContain('<s>아님</s>');
    expect(html).toContain('<pre><code class="language-ts">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toMatch(/<ol>\s*<li>첫째<\/li>\s*<li>둘째<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<ul>\s*<li>하나<\/li>/);
    expect(html).toMatch(/<blockquote>\s*<p>인용문<\/p>\s*<\/blockquote>/);
  });

  it('closes bold before a Korean particle, even right after punctuation like a parenthesis', () => {
    // CommonMark alone leaves `**React(리액트)**는` as asterisks: a closing `**` after punctuation must be
    // followed by a space or punctuation, and Korean puts the particle right there.
    expect(trusted('**굵게**는 됩니다')).toBe('<p><strong>굵게</strong>는 됩니다</p>');
    expect(trusted('**React(리액트)**는 라이브러리입니다')).toBe(
      '<p><strong>React(리액트)</strong>는 라이브러리입니다</p>',
    );
    expect(trusted('“**인용**”이라고')).toBe('<p>“<strong>인용</strong>”이라고</p>');
  });

  it('leaves a fence in an unknown language as escaped code, and headings below the page’s own', () => {
    const html = trusted('# 제목\n\n#### 작은 제목\n\n```brainfuck\n<b>+</b>\n```');
    expect(html).toContain('<h3>제목</h3>');
    expect(html).toContain('<h4>작은 제목</h4>');
    expect(html).toContain('<pre><code class="language-brainfuck">&lt;b&gt;+&lt;/b&gt;\n</code></pre>');
  });

  it('makes links anchors with rel="nofollow ugc noopener", shown with their domain, for a trusted author', () => {
    const html = trusted(
      '문서: [공식 문서](https://www.example.com/docs/hooks?x=1) 또는 https://react.dev/reference',
    );
    expect(html).toContain(
      '<a href="https://www.example.com/docs/hooks?x=1" rel="nofollow ugc noopener" target="_blank">공식 문서</a> <span class="md-domain">example.com</span>',
    );
    expect(html).toContain(
      '<a href="https://react.dev/reference" rel="nofollow ugc noopener" target="_blank" title="https://react.dev/reference">react.dev</a>',
    );
  });

  it('shows a new author’s links as plain text with their domain and path, never as anchors', () => {
    const html = fresh('[여기](https://spam.example/buy?now=1) 와 https://www.spam.example/a/b');
    expect(html).not.toContain('<a');
    expect(html).toContain('여기 (spam.example/buy?now=1)');
    expect(html).toContain('spam.example/a/b');
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['an image with onerror', '<img src=x onerror="alert(1)">'],
    ['a javascript: link', '[눌러보세요](javascript:alert(1))'],
    ['an encoded javascript: link', '[눌러보세요](jav&#x61;script:alert(1))'],
    ['a data: link', '[데이터](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['a data: image', '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)'],
    ['a vbscript: autolink', '<vbscript:msgbox(1)>'],
    ['nested brackets', '[[클릭](javascript:alert(1))](https://example.com)'],
    ['an attribute break-out in a link', '[x](https://example.com/"onmouseover="alert(1))'],
    ['a style attribute', '<p style="position:fixed">덮기</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['an svg with onload', '<svg onload=alert(1)>'],
    ['a fence whose language tries to close the attribute', '```js" onmouseover="alert(1)\ncode\n```'],
  ])('lets nothing outside the allowlist through from %s', (_name, text) => {
    for (const html of [trusted(text), fresh(text)]) {
      const elements = elementsOf(html);
      expect(elements.filter(({ tag }) => !ALLOWED_TAGS.has(tag))).toEqual([]);
      expect(
        elements.flatMap(({ attributes }) => attributes.filter((name) => !ALLOWED_ATTRIBUTES.has(name))),
      ).toEqual([]);
      expect(elements.filter(({ href }) => href !== null && !/^https?:\/\//.test(href))).toEqual([]);
      expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i);
    }
  });

  it('shows raw HTML as the characters written', () => {
    expect(trusted('<b>굵게</b>')).toBe('<p>&lt;b&gt;굵게&lt;/b&gt;</p>');
  });

  it('answers the same text twice from its memo, and each link rule separately', () => {
    const text = '같은 글 https://example.com';
    expect(trusted(text)).toBe(trusted(text));
    expect(trusted(text)).not.toBe(fresh(text));
  });

  it('cuts long URLs shown as text and drops www.', () => {
    expect(shownUrl('https://www.example.com/', { withPath: true })).toBe('example.com');
    expect(shownUrl(`https://example.com/${'a'.repeat(100)}`, { withPath: true })).toHaveLength(60);
  });

  it('keeps the allowlist as a second lock: HTML a renderer should never make is stripped or escaped', () => {
    const html = allowlisted(
      '<p onclick="x()" style="color:red">글</p><script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<a href="javascript:alert(1)">a</a><a href="https://example.com" rel="opener">b</a>' +
        '<span class="evil hljs-string">s</span><code class="language-js other">c</code>',
    );
    const elements = elementsOf(html);
    expect(elements.filter(({ tag }) => !ALLOWED_TAGS.has(tag))).toEqual([]);
    expect(elements.filter(({ href }) => href !== null && !/^https?:\/\//.test(href))).toEqual([]);
    expect(html).not.toMatch(/onclick|onerror|style=/);
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener" target="_blank">b</a>');
    expect(html).toContain('<span class="hljs-string">s</span>');
    expect(html).toContain('<code class="language-js">c</code>');
  });
});
