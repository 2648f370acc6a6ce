/**
 * JavaScript each page type loads before interaction, brotli-compressed (issue: a JS byte budget per page):
 * starts the site the way the end-to-end tests do (embedded, demo corpus), opens home, an article, a
 * category, search, trending, tech analysis and a question page cold in Debian's Chromium (CHROMIUM_BIN)
 * at 1280 px, and prints one row per page; with --scripts, every script of every page. How a page is
 * measured is in support/page-js.ts; js-budget.spec.ts holds the budgets.
 *
 *   eval "$(infra/local/pulse-local env)"; npm run bench:page-js [-- --scripts]
 *
 * Front ends must be built first (`bash frontends/build-all.sh`).
 */
import { launchChromium } from '../support/browser';
import { kb, measureColdPageJs, PAGE_TYPES, pageJsTable, type PageJs } from './support/page-js';
import { startSite } from './support/site';

async function main(): Promise<void> {
  const [site, browser] = await Promise.all([startSite(), launchChromium()]);
  try {
    const rows: PageJs[] = [];
    for (const type of PAGE_TYPES) rows.push(await measureColdPageJs(browser, site, type));
    console.log(`\nJavaScript before interaction, cold load at 1280 px (brotli at quality 11)\n`);
    console.log(pageJsTable(rows));
    if (process.argv.includes('--scripts'))
      for (const row of rows) {
        console.log(`\n${row.page} (${row.path})`);
        for (const script of [...row.scripts].sort((a, b) => b.brotliBytes - a.brotliBytes))
          console.log(`  ${kb(script.brotliBytes).padStart(6)} KB  ${script.url}`);
      }
  } finally {
    await browser.close();
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
