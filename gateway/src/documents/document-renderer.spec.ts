import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DocumentRenderer } from './document-renderer';
import type { PageRenderer } from './page-renderer';
import { ShellTemplate } from './shell-template';

const SHELL =
  '<!doctype html><html><head><meta charset="utf-8"><title>펄스</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>';

function rendererWith(drawnInBrowser: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulse-shell-'));
  const index = path.join(dir, 'index.html');
  writeFileSync(index, SHELL);
  const renders: string[] = [];
  // A server bundle that is not there (a fresh clone's, or the dev servers'): nothing rendered.
  const pages: PageRenderer = {
    render: async (url: string) => {
      renders.push(url);
      return undefined;
    },
    documentUrl: async (url: string) => url,
  };
  const readApi = () => async (apiPath: string) => {
    throw new Error(`no page read expected, got ${apiPath}`);
  };
  return {
    renderer: new DocumentRenderer(
      new ShellTemplate(index),
      pages,
      readApi,
      'https://pulse.example',
      () => '',
      drawnInBrowser,
    ),
    renders,
  };
}

describe('DocumentRenderer without a server render', () => {
  it('answers 503 with Retry-After and the shell when the server could not render the page', async () => {
    const { renderer, renders } = rendererWith(false);
    const document = await renderer.render('/article/abc', 'r1');
    expect(renders).toEqual(['/article/abc']);
    expect(document).toMatchObject({ statusCode: 503, cache: 'no-store', retryAfterS: 30 });
  });

  it('answers 200, unindexed and never held, with the shell that draws the page, when the site renders none (GATEWAY_DOCUMENTS=browser)', async () => {
    const { renderer, renders } = rendererWith(true);
    const document = await renderer.render('/article/abc', 'r1');
    expect(renders).toEqual([]);
    expect(document).toMatchObject({ statusCode: 200, cache: 'no-store', tags: [] });
    const html = (document as { html: string }).html;
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
    expect(html).toContain('<script defer src="/main.js">');
    expect(html).toContain('JavaScript를 켜 주세요');
    expect(html).not.toContain('잠시 후 다시 시도해 주세요');
  });
});
