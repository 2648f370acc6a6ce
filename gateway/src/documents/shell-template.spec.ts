import { createHash } from 'node:crypto';
import { THEME_HEAD_SCRIPT } from '@pulse/contracts';
import { THEME_SCRIPT_SOURCE } from '../edge/security-headers';
import { fillTemplate } from './shell-template';

const THEME_SCRIPT = `<script>${THEME_HEAD_SCRIPT}</script>`;

describe('fillTemplate', () => {
  const parts = { head: '<title>새 제목 | 펄스</title>', body: '<h1>본문</h1>' };

  it("replaces the shell's own SEO tags whatever their attribute order, and keeps everything else", () => {
    const html = fillTemplate(
      '<!doctype html><html><head><meta charset="utf-8"><title>old</title>' +
        '<meta content="old" name="description"><meta property="og:title" content="old">' +
        '<link href="/x" rel="canonical"><script type="application/ld+json">{"old":1}</script>' +
        '<link rel="icon" href="/favicon.svg"><script defer src="/main.js"></script></head>' +
        '<body><div class="app" id="root"></div></body></html>',
      parts,
    );
    expect(html).toBe(
      '<!doctype html><html lang="ko"><head><meta charset="utf-8">' +
        THEME_SCRIPT +
        '<link rel="icon" href="/favicon.svg"><script defer src="/main.js"></script><title>새 제목 | 펄스</title></head>' +
        '<body><div class="app" id="root"><noscript><h1>본문</h1></noscript></div></body></html>',
    );
  });

  it('sets lang="ko" over another language', () => {
    expect(
      fillTemplate('<html lang="en"><head></head><body><div id="root"></div></body></html>', parts),
    ).toContain('<html lang="ko">');
  });

  it('inserts text with $ patterns literally', () => {
    const html = fillTemplate('<html><head></head><body><div id="root"></div></body></html>', {
      head: "<title>$& $1 $' 가격</title>",
      body: '<p>$$ 100</p>',
    });
    expect(html).toContain("<title>$& $1 $' 가격</title>");
    expect(html).toContain('<p>$$ 100</p>');
  });

  it('holds the first paint of a rendered page until its markup is parsed (the seed block after #root), and only then', () => {
    const template =
      '<html><head></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>';
    const rendered = fillTemplate(template, {
      head: '<title>t</title>',
      body: '',
      rendered: { html: '<div class="site">x</div>', status: 200, queryData: '{}' } as never,
    });
    expect(rendered).toContain(
      '<title>t</title><link rel="expect" href="#pulse-query-seed" blocking="render"></head>',
    );
    expect(rendered.indexOf('id="pulse-query-seed"')).toBeGreaterThan(
      rendered.indexOf('<div class="site">x</div>'),
    );
    // A document without markup (the text for readers without JavaScript) has nothing to wait for.
    expect(fillTemplate(template, parts)).not.toContain('rel="expect"');
  });

  it("puts the theme's head script first, after the charset, as the one inline script the CSP allows", () => {
    const html = fillTemplate(
      '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/main.css"></head>' +
        '<body><div id="root"></div></body></html>',
      parts,
    );
    expect(html).toContain(`<meta charset="utf-8">${THEME_SCRIPT}<link rel="stylesheet" href="/main.css">`);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text);
    expect(inline).toEqual([THEME_HEAD_SCRIPT]);
    const hash = createHash('sha256').update(inline[0]).digest('base64');
    expect(THEME_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`);
    // A template without a charset (never the shell's, but still) gets it at the head's start.
    expect(
      fillTemplate('<html><head><title>x</title></head><body><div id="root"></div></body></html>', parts),
    ).toContain(`<head>${THEME_SCRIPT}`);
  });
});
