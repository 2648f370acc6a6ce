import type { ParsedMail } from 'mailparser';
import { saveScreenshot, scrollToDeferred, type ViewportName } from '../support/browser';
import { expect, test } from './support/fixtures';
import { linkIn, mailDrop, mailTo, makeTrendingData, subscribeAndConfirm } from './support/newsletter';

const ADMIN_TOKEN = 'e2e-newsletter-admin-token-0123456789';
/**
 * Links in mails start with PUBLIC_SITE_URL, set here to `npm start`'s default rather than this site's
 * address, so the mails' links are checked as a reader's mail client sees them; the test opens their path
 * on this site.
 */
const MAIL_ORIGIN = 'http://localhost:3000';

test.use({ siteOptions: { spec: 'newsletter', env: { ADMIN_TOKEN, PUBLIC_SITE_URL: MAIL_ORIGIN } } });

/**
 * The newsletter in Chromium, on the site `npm start` runs (mail drop): the footer form, the confirmation
 * mail read from the mail drop, its link and the confirm button; an edition made by the admin's manual send,
 * its mail (screenshots at 600 and 375 px, docs/services.md 'The newsletter') and its web version; the unsubscribe
 * page, whose GET changes nothing and whose button unsubscribes.
 */
test.describe('newsletter pages and mails', () => {
  test('footer form → confirmation mail in the mail drop → its link → the confirm button → confirmed', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const email = `form-${viewport}@example.com`;
    const page = await e2e.open();
    await page.goto('/');
    await scrollToDeferred(page, 'footer-newsletter');
    const footer = page.locator('footer').getByRole('region', { name: '뉴스레터 구독' });
    await footer.getByRole('textbox', { name: '이메일 주소' }).fill(email);
    await footer.getByRole('button', { name: '구독하기' }).click();
    await expect(page.getByText('확인 메일을 보냈습니다', { exact: true })).toBeVisible();
    await expect(page.getByText('메일함에서 확인 링크를 눌러야 구독이 완료됩니다')).toBeVisible();

    const mail = await mailTo(mailDrop(e2e.site), email, '구독을 확인해주세요');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = sitePath(linkIn(mail, '/newsletter/confirm'));
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: '뉴스레터 구독 확인' })).toBeVisible();
    // Opening the link confirms nothing (link scanners open links): the same page comes again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '뉴스레터 구독 확인' })).toBeVisible();
    await page.getByRole('button', { name: '구독 확인하기' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '구독이 확인되었습니다' })).toBeVisible();
    await expect(page).toHaveTitle('구독이 확인되었습니다 | 펄스');
    await page.getByRole('link', { name: '구독 설정' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '뉴스레터 구독 설정' })).toBeVisible();
    await expect(page.locator('main .note').first()).toHaveText('구독 중입니다.', { useInnerText: true });
    await saveScreenshot(page, `newsletter-confirmed-${viewport}`);
  });

  test.describe('an edition sent by the admin', () => {
    const readers: Record<ViewportName, string> = {
      desktop: 'digest-desktop@example.com',
      mobile: 'digest-mobile@example.com',
    };
    let editionId: string;
    const digests = new Map<string, ParsedMail>();

    test.beforeAll(async ({ site }) => {
      for (const email of Object.values(readers)) await subscribeAndConfirm(site, mailDrop(site), email);
      await makeTrendingData(site);
      const sent = await site.api<{ edition: { id: string; recipients: number } }>(
        '/api/newsletter/admin/editions',
        {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'weekly' }),
        },
      );
      editionId = sent.edition.id;
      for (const email of Object.values(readers))
        digests.set(email, await mailTo(mailDrop(site), email, '주간 뉴스레터'));
    });

    test(
      'the digest mail: both unsubscribe headers, and its HTML at 600 px and 375 px',
      { tag: '@desktop' },
      async ({ e2e }) => {
        // Once: the mail is rendered at 600 and 375 px here, whatever the project's width.
        const mail = digests.get(readers.desktop)!;
        expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
        expect(header(mail, 'list-unsubscribe')).toMatch(
          /^<http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=[\w.-]+>, <mailto:/,
        );
        expect(mail.text).toContain(`웹에서 보기: ${MAIL_ORIGIN}/newsletter/${editionId}`);
        const { edition } = await e2e.site.api<{
          edition: { sections: Array<{ articles: Array<{ imageUrl: string | null }> }> };
        }>(`/api/newsletter/editions/${editionId}`);
        for (const width of [600, 375]) {
          const page = await e2e.open({ viewport: { width, height: 900 } });
          // The mail's images and links name PUBLIC_SITE_URL: served by this site.
          await page.route(`${MAIL_ORIGIN}/**`, async (route) =>
            route.fulfill({
              response: await page.request.fetch(e2e.site.url(sitePath(route.request().url()))),
            }),
          );
          await page.setContent(mail.html as string, { waitUntil: 'load' });
          const sheet = page.locator('table.nl-sheet');
          expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(Math.min(600, width));
          // A thumbnail only where the article has an image (the sample corpus has none), at a fixed size.
          const images = edition.sections.flatMap((s) => s.articles).filter((a) => a.imageUrl).length;
          await expect(page.locator('img.nl-thumb')).toHaveCount(images);
          await expect(page.locator('.nl-title a')).toHaveCount(
            edition.sections.flatMap((s) => s.articles).length,
          );
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await saveScreenshot(page, `newsletter-digest-${width}`);
        }
      },
    );
    test('the web version of the edition, reached from the archive', async ({
      e2e,
      viewportName: viewport,
    }) => {
      const { edition } = await e2e.site.api<{ edition: { title: string; sections: unknown[] } }>(
        `/api/newsletter/editions/${editionId}`,
      );
      const page = await e2e.open();
      await page.goto('/newsletter');
      await expect(page.getByRole('heading', { level: 1, name: '지난 뉴스레터' })).toBeVisible();
      await page.getByRole('link', { name: edition.title }).click();
      await page.waitForURL(`**/newsletter/${editionId}`);
      await expect(page).toHaveTitle(`${edition.title} | 펄스`);
      // The site's CSP allows no inline style: the digest is styled by the newsletter stylesheet.
      const sheet = page.locator('table.nl-sheet');
      expect(await sheet.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
      await expect(page.locator('.nl-section')).toHaveCount(edition.sections.length);
      const first = page.locator('.nl-title a').first();
      await expect(first).toHaveAttribute('href', new RegExp(`^${MAIL_ORIGIN}/(news|insights|analysis)/`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await saveScreenshot(page, `newsletter-web-${viewport}`);
    });

    test('the unsubscribe page: opening it changes nothing, its button unsubscribes', async ({
      e2e,
      viewportName: viewport,
    }) => {
      const mail = digests.get(readers[viewport])!;
      const link = sitePath(linkIn(mail, '/newsletter/unsubscribe'));
      const page = await e2e.open();
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: '뉴스레터 구독 해지' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: '뉴스레터 구독 해지' })).toBeVisible();
      await page.getByRole('link', { name: '구독 설정' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '뉴스레터 구독 설정' })).toBeVisible();
      await expect(page.locator('main .note').first()).toHaveText('구독 중입니다.', { useInnerText: true });

      await page.goto(link);
      await page.getByRole('button', { name: '구독 해지하기' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '구독이 해지되었습니다' })).toBeVisible();
      await saveScreenshot(page, `newsletter-unsubscribed-${viewport}`);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: '구독이 해지된 상태입니다' })).toBeVisible();
    });
  });
});

/** The site-relative part of a link in a mail. */
function sitePath(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** A header as sent, unfolded (mailparser turns the List-* headers into objects). */
function header(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}
