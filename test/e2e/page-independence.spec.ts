import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing/src/eventually';
import { openPage, type OpenedPage } from '../support/browser';
import { REPO_ROOT } from '../support/processes';
import { buildChangedRemote, serveFolder } from './support/remote-build';
import { expect, test } from './support/fixtures';
import { startSite, type Site } from './support/site';

const TAG_PATH = '/community/tags/ai';
const TAG_TITLE = '#ai 질문 | 펄스';

/** A tag page added to the qa remote: its route, its own head, and structured data from its server module. */
const ADD_TAG_PAGE = {
  'src/App.tsx': (source: string) =>
    source
      .replace(
        "import { NotFound, seedRemoteQueryClient } from '@pulse/frontend-ui';",
        "import { NotFound, seedRemoteQueryClient, usePageHead } from '@pulse/frontend-ui';",
      )
      .replace(
        "import { Route, Routes } from 'react-router';",
        "import { Route, Routes, useParams } from 'react-router';",
      )
      .replace(
        '/** Mounted by the shell at /community/*',
        `function TagPage() {
  const { tag = '' } = useParams();
  usePageHead({ title: \`#\${tag} 질문\`, description: \`#\${tag} 태그가 붙은 질문입니다.\`, canonical: \`/community/tags/\${tag}\` });
  return <section className="page qa-page"><h1>{\`#\${tag} 질문\`}</h1></section>;
}

/** Mounted by the shell at /community/*`,
      )
      .replace(
        '<Route path="*" ',
        '<Route path="tags/:tag" element={<TagPage />} />\n      <Route path="*" ',
      ),
  'src/server.tsx': (source: string) =>
    source.replace(
      "export { describeQuestion as describe } from './structured-data';",
      `import type { PageDescriber } from '@pulse/frontend-ui';
import { describeQuestion } from './structured-data';
export const describe: PageDescriber = (head, page) =>
  page.pathname.startsWith('/community/tags/')
    ? { jsonLd: [{ '@context': 'https://schema.org', '@type': 'CollectionPage', name: head.title }] }
    : describeQuestion(head, page);`,
    ),
};

/** What the document of `pathname` says, read with JavaScript off: only the server can have put it there. */
async function documentOf(page: OpenedPage, pathname: string) {
  const response = await page.page.goto(pathname);
  return {
    status: response?.status(),
    title: await page.page.title(),
    canonical: await page.page.locator('link[rel="canonical"]').getAttribute('href'),
    jsonLdTypes: await page.page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')['@type'])),
  };
}

/**
 * Proof that a page belongs to its front end alone (ARCHITECTURE.md "The gateway's edge"): a tag page is
 * added to the qa remote (its route, head and JSON-LD), the remote alone is built into a new folder, and the
 * origin the site's REMOTE_QA_URL names is switched to it. Nothing restarts: the gateway's poll of the
 * remote's manifest finds the new deployment, and the page is served with its status, head and structured
 * data. No file of the gateway or the shell changes.
 */
test.describe('a page added to a remote, deployed on its own', () => {
  let site: Site | undefined;
  const opened: OpenedPage[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];

  test.afterAll(async () => {
    await Promise.all(opened.map(({ context }) => context.close()));
    await site?.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test(
    'serves with its head, status and structured data once the remote’s new deployment is polled',
    { tag: '@desktop' },
    async ({ browser }) => {
      const unchanged = () =>
        execFileSync('git', ['status', '--porcelain', '--', 'gateway', 'frontends/shell', 'frontends/ui'], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
        });
      const before = unchanged();
      // The qa remote as deployed today, on its own origin, behind a name that can be pointed elsewhere.
      const root = mkdtempSync(path.join(os.tmpdir(), 'pulse-qa-origin-'));
      cleanups.push(() => rmSync(root, { recursive: true, force: true }));
      cpSync(path.join(REPO_ROOT, 'frontends', 'qa', 'dist'), path.join(root, 'today'), { recursive: true });
      const current = path.join(root, 'current');
      symlinkSync(path.join(root, 'today'), current);
      const host = await serveFolder(current);
      cleanups.push(() => host.close());
      site = await startSite({ REMOTE_QA_URL: `${host.base}/mf-manifest.json` });
      const withoutJs = await openPage(browser, 'desktop', { baseURL: site.base, javaScriptEnabled: false });
      opened.push(withoutJs);
      expect((await documentOf(withoutJs, TAG_PATH)).status).toBe(404);

      const build = await buildChangedRemote('qa', ADD_TAG_PAGE);
      cleanups.push(() => rmSync(build.root, { recursive: true, force: true }));
      rmSync(current);
      symlinkSync(build.dist, current);

      // The gateway reads the manifest again within REMOTE_RECHECK_MS (10 s) and links the new server bundle.
      const served = await eventually(
        async () => {
          const document = await documentOf(withoutJs, TAG_PATH);
          if (document.status !== 200) throw new Error(`still ${document.status}`);
          return document;
        },
        { timeoutMs: 60_000, intervalMs: 1_000 },
      );
      expect(served).toEqual({
        status: 200,
        title: TAG_TITLE,
        canonical: `${site.base}${TAG_PATH}`,
        jsonLdTypes: ['CollectionPage'],
      });
      await expect(withoutJs.page.getByRole('heading', { level: 1, name: '#ai 질문' })).toBeVisible();

      // The browser draws it from the new deployment too, under the same title.
      const withJs = await openPage(browser, 'desktop', { baseURL: site.base });
      opened.push(withJs);
      await withJs.page.goto(TAG_PATH);
      await expect(withJs.page.getByRole('heading', { level: 1, name: '#ai 질문' })).toBeVisible();
      await expect(withJs.page).toHaveTitle(TAG_TITLE);
      expect(withJs.errors).toEqual([]);
      expect(unchanged()).toBe(before);
    },
  );
});
