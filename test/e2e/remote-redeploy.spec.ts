import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPage, type OpenedPage } from '../support/browser';
import { REPO_ROOT } from '../support/processes';
import { buildChangedRemote, serveFolder } from './support/remote-build';
import { expect, test } from './support/fixtures';
import { startSite, type Site } from './support/site';

const SHELL_DIST = path.join(REPO_ROOT, 'frontends', 'shell', 'dist');
const TAG_PATH = '/community/tags/rust';
const TAG_TITLE = '#rust 질문';

/** The shell's build as files and times: it must be the same after the remote's redeploy. */
const shellBuild = () =>
  readdirSync(SHELL_DIST)
    .filter((name) => name === 'index.html' || name.endsWith('.js'))
    .map((name) => `${name} ${statSync(path.join(SHELL_DIST, name)).mtimeMs}`)
    .sort();

/** `source` with `from` replaced once; a copy whose source has moved on fails here, not as a missing page. */
function edit(source: string, from: string, to: string): string {
  if (!source.includes(from)) throw new Error(`the remote's source no longer contains: ${from}`);
  return source.replace(from, to);
}

/**
 * The qa remote's team adds a page, a tag's questions at /community/tags/{tag}, with its own head and
 * structured data: written here as edits of a copy of the remote's source (its route and component in
 * App.tsx, its JSON-LD in structured-data.ts).
 */
const ADD_TAG_PAGE = {
  'src/App.tsx': (source: string) =>
    edit(
      edit(
        edit(
          source,
          "import { NotFound, seedRemoteQueryClient } from '@pulse/frontend-ui';",
          "import { NotFound, Page, seedRemoteQueryClient, usePageHead } from '@pulse/frontend-ui';",
        ),
        "import { Route, Routes } from 'react-router';",
        "import { Route, Routes, useParams } from 'react-router';",
      ),
      '<Route path="*" element={<NotFound />} />',
      '<Route path="tags/:tag" element={<TagPage />} />\n      <Route path="*" element={<NotFound />} />',
    ) +
    `
function TagPage() {
  const { tag = '' } = useParams();
  usePageHead({
    title: \`#\${tag} 질문\`,
    description: \`'\${tag}' 태그가 달린 질문을 모아 봅니다.\`,
    canonical: \`/community/tags/\${encodeURIComponent(tag)}\`,
  });
  return (
    <Page title={\`#\${tag} 질문\`}>
      <p className="page-intro">'{tag}' 태그가 달린 질문을 모아 봅니다.</p>
    </Page>
  );
}
`,
  'src/structured-data.ts': (source: string) =>
    edit(
      source,
      "  if (page.pathname === '/community/qa') return describeQuestionList(head, page);",
      "  if (page.pathname === '/community/qa') return describeQuestionList(head, page);\n" +
        "  if (page.pathname.startsWith('/community/tags/'))\n" +
        "    return { jsonLd: [{ '@context': 'https://schema.org', '@type': 'CollectionPage', name: head.title }] };",
    ),
};

/**
 * A remote is deployed on its own, and moved without restarting anything. The qa remote with a new page is
 * built alone into a new folder and served from its own origin; the operator points the gateway's
 * REMOTE_LOCATIONS_FILE at it (as a mounted ConfigMap would change) and the running site serves the new
 * page, rendered on the server by the new deployment's bundle with its own status, head and structured data,
 * then hydrated in the browser from the new origin. The shell is neither rebuilt nor restarted (its files
 * untouched, the same bundle in the page), and the site's process is the one that was running.
 */
test.describe('redeploying a remote without the shell or a restart', () => {
  let site: Site | undefined;
  const opened: OpenedPage[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];

  test.afterAll(async () => {
    await Promise.all(opened.map(({ context }) => context.close()));
    await site?.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
    expect(opened.flatMap(({ errors }) => errors)).toEqual([]);
  });

  // One width: what is checked is where the remote comes from, not its layout.
  test(
    'serves a page added to the qa remote once the locations file points at its new deployment',
    { tag: '@desktop' },
    async ({ browser }) => {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'pulse-locations-'));
      cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
      const locationsFile = path.join(folder, 'remote-locations.json');
      site = await startSite({ REMOTE_LOCATIONS_FILE: locationsFile });
      const running = site;
      // Unknown to the deployed remote: its not-found page, a 404.
      expect((await fetch(running.url(TAG_PATH))).status).toBe(404);
      const shellBefore = shellBuild();
      const shellScriptOf = async (page: OpenedPage) =>
        page.page.locator('script[src^="/main."]').getAttribute('src');
      const before = await openPage(browser, 'desktop', { baseURL: running.base });
      opened.push(before);
      await before.page.goto('/community/qa');
      const shellScriptBefore = await shellScriptOf(before);

      const build = await buildChangedRemote('qa', ADD_TAG_PAGE);
      cleanups.push(() => rmSync(build.root, { recursive: true, force: true }));
      const host = await serveFolder(build.dist);
      cleanups.push(() => host.close());
      const manifest = `${host.base}/mf-manifest.json`;
      writeFileSync(locationsFile, JSON.stringify({ qa: manifest }));

      // Noticed within the gateway's recheck (10 s), by the same process.
      await expect
        .poll(async () => (await fetch(running.url(TAG_PATH))).status, {
          timeout: 45_000,
          intervals: [1_000],
        })
        .toBe(200);
      const envConfig = await running.api<{ remotes: Record<string, string> }>('/env-config.json');
      expect(envConfig.remotes['qa']).toBe(manifest);
      expect(host.requested).toEqual(expect.arrayContaining(['/mf-manifest.json', '/server/render.js']));

      // The document, JavaScript off: the page's own head and structured data, from the new bundle.
      const document = await openPage(browser, 'desktop', {
        baseURL: running.base,
        javaScriptEnabled: false,
      });
      opened.push(document);
      await document.page.goto(TAG_PATH);
      await expect(document.page).toHaveTitle(`${TAG_TITLE} | 펄스`);
      await expect(document.page.getByRole('heading', { level: 1 })).toHaveText(TAG_TITLE);
      await expect(document.page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        /\/community\/tags\/rust$/,
      );
      const jsonLd = await document.page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type'])).toContain(
        'CollectionPage',
      );

      // In the browser: reached inside the site from the list, the remote comes from its new origin, and
      // the shell is the one the page had before.
      const after = await openPage(browser, 'desktop', { baseURL: running.base });
      opened.push(after);
      await after.page.goto('/community/qa');
      await expect(after.page.getByRole('heading', { level: 1, name: '질문과 답변' })).toBeVisible();
      // Hydrated (only the browser's render measures the header), so the router takes the move.
      await expect(after.page.locator('.site-header--unmeasured')).toHaveCount(0);
      await after.page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, TAG_PATH);
      await expect(after.page.getByRole('heading', { level: 1, name: TAG_TITLE })).toBeVisible();
      await expect(after.page).toHaveTitle(`${TAG_TITLE} | 펄스`);
      await expect
        .poll(() => host.requested, { timeout: 30_000 })
        .toEqual(expect.arrayContaining(['/remoteEntry.js']));
      expect(await shellScriptOf(after)).toBe(shellScriptBefore);
      expect(shellBuild()).toEqual(shellBefore);
    },
  );
});
