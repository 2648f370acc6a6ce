import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TrendingListResponse } from '@pulse/contracts';
import type { DroppedMail } from '@pulse/platform';
import { eventually } from '@pulse/testing/src/eventually';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from './fixtures';
import { recordViews, type Site } from './site';

// The newsletter's mails as the e2e site leaves them (its mail drop), and the data an edition needs:
// shared by the newsletter pages' spec and the admin screens' spec.

/** Where the site's newsletter service drops its mails (NEWSLETTER mail drop under PULSE_DATA_DIR). */
export const mailDrop = (site: Site): string => path.join(site.dataDir, 'newsletter', 'mail-drop');

/** The first link to `pathname` with a token in a mail's text part. */
export function linkIn(mail: ParsedMail, pathname: string): string {
  const match = new RegExp(`https?://\\S+${pathname.replace(/\//g, '\\/')}\\?token=[\\w.-]+`).exec(
    mail.text ?? '',
  );
  if (!match) throw new Error(`no ${pathname} link in: ${mail.text?.slice(0, 300)}`);
  return match[0];
}

/** The newest mail in the mail drop to `email` whose subject has `subject` in it, once it is written. */
export async function mailTo(dir: string, email: string, subject: string): Promise<ParsedMail> {
  return eventually(
    async () => {
      const entries = await droppedMail(dir);
      const entry = entries.reverse().find((e) => e.to.includes(email) && e.subject.includes(subject));
      if (!entry) throw new Error(`no '${subject}' mail to ${email} in ${dir} yet`);
      return simpleParser(await readFile(path.join(dir, entry.emlFile)));
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}

async function droppedMail(dir: string): Promise<DroppedMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort();
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as DroppedMail),
  );
}

/** Sign-up and confirmation through the public API and the confirm page's form, as a reader's browser would. */
export async function subscribeAndConfirm(site: Site, dir: string, email: string): Promise<void> {
  await site.api('/api/subscribers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

  const token = new URL(
    linkIn(await mailTo(dir, email, '구독을 확인해주세요'), '/newsletter/confirm'),
  ).searchParams.get('token')!;
  const confirmed = await fetch(site.url('/newsletter/confirm'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  expect(confirmed.status).toBe(200);
}

/**
 * Readers for a few sample articles, one per category, so trending's week and hot lists (what an
 * edition is built from) have articles in every section.
 */
export async function makeTrendingData(site: Site): Promise<void> {
  const picks = ['gen-ai', 'blockchain', 'big-tech'].map((category) =>
    site.corpus.find((article) => article.primaryCategory === category)!,
  );
  for (const [i, article] of picks.entries()) await recordViews(site, article.id, 5 + i);
  await eventually(
    async () => {
      const popular = await site.api<TrendingListResponse>('/api/trending/popular?period=week&limit=50');
      const ids = popular.articles.map((a) => a.id);
      if (!picks.every((article) => ids.includes(article.id)))
        throw new Error(`trending's week list so far: ${ids.join(', ')}`);
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}
