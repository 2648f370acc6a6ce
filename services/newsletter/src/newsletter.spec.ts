import { eventually } from '@pulse/testing';
import { linkIn } from '../testing/smtp-sink';
import {
  admin,
  SITE,
  startNewsletterTestApp,
  testClock,
  type NewsletterTestApp,
} from '../testing/newsletter-test-app';

/** The newsletter end to end against a real SMTP server: double opt-in, the digest, one-click unsubscribe. */
describe('newsletter: subscribe → confirm → digest → one-click unsubscribe', () => {
  let t: NewsletterTestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await startNewsletterTestApp({ clock });
  });
  afterAll(() => t.close());

  it('sends a confirmation mail, a digest with both unsubscribe headers, and nothing after a one-click POST', async () => {
    const subscribed = await t.request('POST', '/api/subscribers', {
      json: { email: ' Reader@Example.COM ' },
    });
    expect(subscribed).toMatchObject({ status: 202, body: { status: 'pending-confirmation' } });
    const [confirmation] = await eventually(async () => {
      const mails = await t.smtp.to('reader@example.com');
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(confirmation.parsed.subject).toBe('[펄스] 뉴스레터 구독을 확인해주세요');
    expect(confirmation.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Not confirmed yet: a digest goes to nobody.
    const early = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'weekly' },
      headers: admin,
    });
    expect(early.status).toBe(201);
    expect(early.body.edition).toMatchObject({ id: 'weekly-2026-03-02', recipients: 0 });

    const confirmLink = linkIn(confirmation, '/newsletter/confirm');
    expect(confirmLink.startsWith(`${SITE}/newsletter/confirm?token=`)).toBe(true);
    // GET shows a button and changes nothing (link scanners follow GETs).
    const page = await t.request('GET', t.local(confirmLink));
    expect(page.status).toBe(200);
    expect(page.text).toContain('구독 확인하기');
    const token = new URL(confirmLink).searchParams.get('token')!;
    const confirmed = await t.request('POST', '/newsletter/confirm', { form: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('구독이 확인되었습니다');

    // The daily edition: the subscriber is weekly, so switch to daily on the preferences page first.
    const prefsLink = /href="\/newsletter\/preferences\?token=([^"]+)"/.exec(confirmed.text)![1];
    const manage = decodeURIComponent(prefsLink);
    const saved = await t.request('POST', '/newsletter/preferences', {
      form: { token: manage, categories: ['gen-ai', 'big-tech'], frequency: 'daily' },
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('설정을 저장했습니다');

    const sent = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'daily' },
      headers: admin,
    });
    expect(sent.body.edition).toMatchObject({ id: 'daily-2026-03-02', recipients: 1 });
    const digest = await eventually(async () => {
      const mails = (await t.smtp.to('reader@example.com')).filter((m) =>
        m.parsed.subject?.includes('데일리'),
      );
      expect(mails).toHaveLength(1);
      return mails[0];
    });
    const listUnsubscribe = digest.header('list-unsubscribe')!;
    const [, httpsUrl, mailto] = /^<(https:\/\/[^>]+)>, <(mailto:[^>]+)>$/.exec(listUnsubscribe)!;
    expect(httpsUrl.startsWith(`${SITE}/newsletter/unsubscribe?token=`)).toBe(true);
    expect(mailto).toMatch(/^mailto:unsubscribe@pulse\.local\?subject=unsubscribe%20/);
    expect(digest.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Only the chosen categories, with canonical links, fixed image sizes and a text part.
    expect(digest.parsed.html).toContain('생성형 AI');
    expect(digest.parsed.html).toContain('글로벌 빅테크');
    expect(digest.parsed.html).not.toContain('블록체인</td>');
    expect(digest.parsed.html).toContain(`href="${SITE}/news/test-article-1"`);
    expect(digest.parsed.html).toMatch(/<img [^>]*width="128" height="72"/);
    expect(digest.parsed.text).toContain(`${SITE}/news/test-article-1`);
    expect(digest.parsed.messageId).toMatch(/^<daily-2026-03-02\./);

    // RFC 8058 one-click: the mail client POSTs the URL with List-Unsubscribe=One-Click.
    const oneClick = await t.request('POST', t.local(httpsUrl), {
      raw: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('구독이 해지되었습니다');

    // The next day's edition reaches no one.
    clock.advance(24 * 60 * 60 * 1000);
    const next = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'daily' },
      headers: admin,
    });
    expect(next.body.edition).toMatchObject({ id: 'daily-2026-03-03', recipients: 0 });
    const before = t.smtp.count();
    await t.request('POST', '/api/newsletter/admin/editions', { json: { kind: 'weekly' }, headers: admin });
    expect(t.smtp.count()).toBe(before);
  });

  it('answers a known address exactly as an unknown one, and mails its owner instead of confirming again', async () => {
    const first = await t.request('POST', '/api/subscribers', { json: { email: 'known@example.com' } });
    const mail = await eventually(
      async () => (await t.smtp.to('known@example.com'))[0] ?? Promise.reject(new Error('no mail')),
    );
    const token = new URL(linkIn(mail, '/newsletter/confirm')).searchParams.get('token')!;
    await t.request('POST', '/newsletter/confirm', { form: { token } });
    const again = await t.request('POST', '/api/subscribers', { json: { email: 'known@example.com' } });
    const unknown = await t.request('POST', '/api/subscribers', { json: { email: 'stranger@example.com' } });
    expect([first.status, again.status, unknown.status]).toEqual([202, 202, 202]);
    expect(again.body).toEqual(unknown.body);
    const mails = await t.smtp.to('known@example.com');
    expect(mails.map((m) => m.parsed.subject)).toEqual([
      '[펄스] 뉴스레터 구독을 확인해주세요',
      '[펄스] 이미 뉴스레터를 구독 중입니다',
    ]);
  });

  it('shows the web version and the archive, and the unsubscribe page asks before it acts', async () => {
    const web = await t.request('GET', '/newsletter/weekly-2026-03-02');
    expect(web.status).toBe(200);
    expect(web.text).toContain('펄스 주간 뉴스레터 · 2026년 03월 02일');
    expect(web.text).toContain('href="https://pulse.example/news/test-article-3"');
    expect(web.text).not.toContain('style="');
    const archive = await t.request('GET', '/newsletter');
    expect(archive.text).toContain('href="/newsletter/weekly-2026-03-02"');
    expect((await t.request('GET', '/newsletter/weekly-2099-01-05')).status).toBe(404);
    expect((await t.request('GET', '/newsletter/nonsense')).status).toBe(404);
    const json = await t.request('GET', '/api/newsletter/editions');
    expect(json.body.editions.map((e: { id: string }) => e.id)).toContain('weekly-2026-03-02');
    const css = await t.request('GET', '/newsletter/assets/newsletter.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('keeps preview and manual send behind the admin credential', async () => {
    expect((await t.request('GET', '/api/newsletter/admin/preview?kind=weekly')).status).toBe(401);
    expect(
      (
        await t.request('POST', '/api/newsletter/admin/editions', {
          json: { kind: 'weekly' },
          headers: { authorization: 'Bearer wrong-token-wrong-token' },
        })
      ).status,
    ).toBe(403);
    const preview = await t.request('GET', '/api/newsletter/admin/preview?kind=weekly', { headers: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('구독 해지');
    expect(preview.body.text).toContain('블록체인');
    expect(
      (await t.request('GET', '/api/newsletter/admin/preview?kind=monthly', { headers: admin })).body.message,
    ).toContain('kind');
  });

  it('refuses to make an edition from nothing when trending is down (503), and sends nothing', async () => {
    t.trending.state.failing = true;
    clock.advance(24 * 60 * 60 * 1000);
    const before = t.smtp.count();
    const response = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'daily' },
      headers: admin,
    });
    t.trending.state.failing = false;
    expect(response.status).toBe(503);
    expect(t.smtp.count()).toBe(before);
  });
});
