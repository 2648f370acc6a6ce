import { useSyncExternalStore } from 'react';
import { INLINE_ENV_CONFIG_ID, readInlineEnvConfig } from './env-config';

/** One of the site's own accounts (the gateway's SITE_SOCIAL_ACCOUNTS, docs/configuration.md). */
export interface SocialAccount {
  label: string;
  url: string;
}

const NONE: readonly SocialAccount[] = [];

/** The well-formed entries of the configuration's `social` list; none when it has none. */
export function parseSocialAccounts(raw: unknown): readonly SocialAccount[] {
  const list = typeof raw === 'object' && raw !== null ? (raw as { social?: unknown }).social : undefined;
  if (!Array.isArray(list)) return NONE;
  // The gateway checked each URL (SITE_SOCIAL_ACCOUNTS); this only keeps a damaged file from linking a script.
  return list.filter(
    (entry): entry is SocialAccount =>
      typeof entry?.label === 'string' && typeof entry?.url === 'string' && entry.url.startsWith('https://'),
  );
}

/** The last block read and what it gave: a snapshot must be the same object while the block is the same. */
let last: { text: string | undefined; accounts: readonly SocialAccount[] } = {
  text: undefined,
  accounts: NONE,
};

function fromDocument(): readonly SocialAccount[] {
  const text = document.getElementById(INLINE_ENV_CONFIG_ID)?.textContent ?? undefined;
  if (text !== last.text) last = { text, accounts: parseSocialAccounts(readInlineEnvConfig(document)) };
  return last.accounts;
}

const unchanging = () => () => undefined;

/**
 * The site's accounts, from the configuration the gateway inlines in the document. None on the server and
 * while hydrating (the server render has no document to read), so the page hydrates as rendered and the
 * links appear right after.
 */
export function useSocialAccounts(): readonly SocialAccount[] {
  return useSyncExternalStore(unchanging, fromDocument, () => NONE);
}
