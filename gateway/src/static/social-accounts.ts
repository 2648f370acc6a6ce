import { z } from 'zod';

/** One of the site's own accounts on a platform, as the shell's footer links it. */
export interface SocialAccount {
  /** The platform's name as readers know it ('GitHub'). */
  label: string;
  url: string;
}

/** The platforms the footer can name, by host (a 'www.' prefix is ignored). */
const PLATFORMS: Readonly<Record<string, string>> = {
  'x.com': 'X (Twitter)',
  'twitter.com': 'X (Twitter)',
  'facebook.com': 'Facebook',
  'youtube.com': 'YouTube',
  'github.com': 'GitHub',
  'linkedin.com': 'LinkedIn',
  't.me': 'Telegram',
  'instagram.com': 'Instagram',
  'threads.net': 'Threads',
};

/**
 * 'https://x.com/pulse_kr, https://github.com/pulse' → the accounts in that order. Each must be an https URL
 * on a known platform with a path: a platform's home page is no account of the site's, and linking it
 * would send readers nowhere useful.
 */
export function parseSocialAccounts(list: string, ctx: z.RefinementCtx): SocialAccount[] {
  const accounts: SocialAccount[] = [];
  for (const entry of list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    const label = url && PLATFORMS[url.hostname.replace(/^www\./, '')];
    if (!url || url.protocol !== 'https:' || !label || url.pathname.replace(/\/+$/, '') === '') {
      ctx.addIssue({
        code: 'custom',
        message: `'${entry}' is not the https URL of an account on ${[...new Set(Object.keys(PLATFORMS))].join(', ')}`,
      });
      return z.NEVER;
    }
    accounts.push({ label, url: url.href });
  }
  return accounts;
}
