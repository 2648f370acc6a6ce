import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '../../support/processes';

/** Where the docs keep screenshots: the admin screens', or the readers' pages' (`docs/screens`). */
export type DocsScreensFolder = 'admin' | 'screens';

/**
 * Where a spec's screenshots for the docs go: into `docs/<folder>` when asked (`UPDATE_DOCS_SCREENS=1`, after
 * a change to a screen), else beside the run's other artifacts. Every run takes them, so a screen that cannot
 * be drawn still fails; only a deliberate run rewrites the committed images, so a test run leaves the tree clean.
 */
export function docsScreenPath(fileName: string, docs: DocsScreensFolder = 'admin'): string {
  const folder =
    process.env.UPDATE_DOCS_SCREENS === '1'
      ? path.join(REPO_ROOT, 'docs', docs)
      : path.join(REPO_ROOT, `test/e2e/artifacts/docs-${docs}`);
  mkdirSync(folder, { recursive: true });
  return path.join(folder, fileName);
}

/** The page from its top, once its fonts are in, as `fileName` (docsScreenPath). */
export async function docsScreenshot(
  page: Page,
  fileName: string,
  docs: DocsScreensFolder = 'admin',
): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // From the top: scrolled, the sticky header would be drawn across the middle of the full-page image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: docsScreenPath(fileName, docs), fullPage: true, animations: 'disabled' });
}
