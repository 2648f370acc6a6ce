import { readFileSync, statSync } from 'node:fs';
import { THEME_HEAD_SCRIPT } from '@pulse/contracts';
import type { RenderedPage } from './page-renderer';
import { escapeHtml } from './text';

/** Tags the shell's own index.html may carry that the server-rendered head replaces. */
const REPLACED_HEAD_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title>/gi,
  /<meta\b[^>]*\b(?:name|property)=["']?(?:description|keywords|og:[\w:]+|twitter:[\w:]+|article:[\w:]+)["'\s>][^>]*>/gi,
  /<link\b[^>]*\brel=["']?canonical["'\s>][^>]*>/gi,
  /<script\b[^>]*\btype=["']?application\/ld\+json["']?[^>]*>[\s\S]*?<\/script>/gi,
];

/** The shell's robots meta: every document names its own, the generic one too. */
const ROBOTS_TAG = /<meta\b[^>]*\bname=["']?robots["'\s>][^>]*>/gi;

/** Served while the front ends are not built (a fresh clone), so documents keep their head and status. */
const UNBUILT_SHELL =
  '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>' +
  '<body><div id="root"></div><p>프런트엔드가 아직 빌드되지 않았습니다. <code>bash frontends/build-all.sh</code>를 실행하세요.</p></body></html>';

export interface DocumentParts {
  head: string;
  /** Markup for #root, readable without JavaScript. */
  body: string;
  /**
   * The page rendered by the front end's server bundle (page-renderer.ts): its markup goes into #root as it
   * is, for the browser to hydrate, and its answers into the query-seed block before </body>; `body` is
   * then unused.
   */
  rendered?: RenderedPage & { html: string };
  /** The shell's own title and description stay (the generic document, which names no page). */
  keepHead?: boolean;
}

/** The id the front end reads its embedded answers from (frontends/ui/src/api/query-seed.ts). */
export const QUERY_SEED_ID = 'pulse-query-seed';

/**
 * The reader's theme onto <html> before anything is painted (libs/contracts site-theme.ts), first in the
 * head: after the charset, which must come within the first bytes, before every stylesheet and script. The
 * CSP allows exactly this text (edge/security-headers.ts THEME_SCRIPT_SOURCE).
 */
function withThemeScript(html: string): string {
  const script = `<script>${THEME_HEAD_SCRIPT}</script>`;
  const charset = /<meta\b[^>]*\bcharset=[^>]*>/i;
  if (charset.test(html)) return html.replace(charset, (tag) => `${tag}${script}`);
  return html.replace(/<head\b[^>]*>/i, (tag) => `${tag}${script}`);
}

/** Puts a head and #root markup into an HTML document: lang="ko", the shell's own SEO tags replaced. */
export function fillTemplate(template: string, parts: DocumentParts): string {
  let html = withThemeScript(template);
  html = html.replace(ROBOTS_TAG, '');
  if (!parts.keepHead) for (const pattern of REPLACED_HEAD_TAGS) html = html.replace(pattern, '');
  html = /<html\b[^>]*\blang=/i.test(html)
    ? html.replace(/(<html\b[^>]*\blang=)(["']?)[^"'\s>]*\2/i, '$1"ko"')
    : html.replace(/<html\b/i, '<html lang="ko"');
  const { rendered } = parts;
  // A rendered remote's stylesheets, after the shell's: its markup is laid out as the browser will show it.
  // Written in when small (its text holds no '</': remote-server-modules.ts inlineStyleOf), else linked.
  const links = rendered?.inlineStyle
    ? `<style>${rendered.inlineStyle.css}</style>`
    : (rendered?.stylesheets ?? [])
        .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
        .join('');
  // A rendered page is painted once its markup is all parsed (the seed block follows #root): a browser that
  // paints a document it has only partly parsed lays out, say, half a header or half a card, and the rest
  // arriving then moves what was painted (a layout shift; seen on a busy machine). Render-blocking until an
  // element is parsed is `rel=expect`; browsers without it paint as before.
  const expectEnd = rendered ? `<link rel="expect" href="#${QUERY_SEED_ID}" blocking="render">` : '';
  html = html.replace(/<\/head>/i, () => `${parts.head}${links}${expectEnd}</head>`);
  if (rendered) {
    // The renderer escapes '<' already; again here, so no answer can ever close the block ('</script>').
    const seed = (rendered.queryData ?? '{}').replace(/</g, '\\u003c');
    html = html.replace(
      /<\/body>/i,
      () => `<script type="application/json" id="${QUERY_SEED_ID}">${seed}</script></body>`,
    );
    return html.replace(/(<div\b[^>]*\bid=["']?root["']?[^>]*>)/i, (openTag) => `${openTag}${rendered.html}`);
  }
  // In <noscript>: a reader without JavaScript (and a crawler that does not run it) gets the text; with
  // JavaScript it is never laid out, so the shell replacing #root moves nothing (CLS; Lighthouse measured
  // 0.83 on an article page when the text was painted first and then replaced).
  const body = parts.body ? `<noscript>${parts.body}</noscript>` : '';
  return html.replace(/(<div\b[^>]*\bid=["']?root["']?[^>]*>)/i, (openTag) => `${openTag}${body}`);
}

/**
 * The shell's built index.html, re-read when its file changes (a rebuild while the site runs), so every
 * document carries the current bundle names without a restart.
 */
export class ShellTemplate {
  private cached?: { mtimeMs: number; html: string };

  constructor(private readonly indexFile: string) {}

  render(parts: DocumentParts): string {
    return fillTemplate(this.template(), parts);
  }

  private template(): string {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.indexFile).mtimeMs;
    } catch {
      return UNBUILT_SHELL;
    }
    if (this.cached?.mtimeMs !== mtimeMs)
      this.cached = { mtimeMs, html: readFileSync(this.indexFile, 'utf8') };
    return this.cached.html;
  }
}
