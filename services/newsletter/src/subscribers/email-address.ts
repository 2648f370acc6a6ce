import { domainToASCII } from 'node:url';
import isEmail from 'validator/lib/isEmail';

/** RFC 5321 caps an address at 254 characters; anything longer is refused before any other work. */
export const MAX_ADDRESS_LENGTH = 254;
/** Raw input may carry some padding or full-width characters; far beyond that it is not an address. */
const MAX_INPUT_LENGTH = 512;

/**
 * The address we store and mail, or undefined when the input is not one. Full-width forms (a Korean IME
 * in full-width mode types 'ｒｅａｄｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ') fold to ASCII by NFKC; an internationalised
 * domain is stored in its ASCII (punycode) form, which is what SMTP carries; the local part must be ASCII
 * (no SMTPUTF8), so look-alike letters from other scripts cannot pose as a Latin address. Control,
 * format and invisible characters (CR/LF header injection, zero-width joiners, bidi overrides) are
 * refused rather than stripped: an address that needed cleaning is not the one the reader typed.
 * The form is checked by validator's isEmail; the whole address is lower-cased, as every large mailbox
 * provider treats local parts case-insensitively and one reader must subscribe once.
 */
export function normaliseAddress(input: string): string | undefined {
  if (input.length > MAX_INPUT_LENGTH) return undefined;
  const folded = input.normalize('NFKC').trim();
  // \p{C}: controls (CR, LF, NUL), format characters (zero-width, bidi), unassigned, private use.
  if (/[\p{C}\s]/u.test(folded)) return undefined;
  const at = folded.lastIndexOf('@');
  if (at <= 0 || at === folded.length - 1) return undefined;
  const local = folded.slice(0, at);
  if (!/^[\x21-\x7e]+$/.test(local)) return undefined;
  const domain = domainToASCII(folded.slice(at + 1).toLowerCase());
  if (!domain) return undefined;
  const address = `${local}@${domain}`.toLowerCase();
  if (address.length > MAX_ADDRESS_LENGTH) return undefined;
  const valid = isEmail(address, {
    allow_display_name: false,
    require_display_name: false,
    allow_utf8_local_part: false,
    require_tld: true,
    allow_ip_domain: false,
    allow_underscores: false,
    domain_specific_validation: false,
    ignore_max_length: false,
  });
  return valid ? address : undefined;
}

/** Gmail ignores dots in the local part and delivers googlemail.com to the same mailbox. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox a normalised address delivers to, for counting mails per mailbox: 'V.ictim+2@googlemail.com'
 * and 'victim@gmail.com' are one inbox. A `+tag` is dropped on every domain (most providers deliver
 * sub-addresses to the base mailbox, and a site that does not only loses some budget); Gmail's dots
 * and its second domain fold too. Only for limits: the record and the mail keep what the reader typed.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at).toLowerCase();
  let domain = address.slice(at + 1).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** 'reader@example.com' → 'r***r@e***.com': enough to tell two log lines apart, not enough to mail anyone. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return '***';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const maskedLocal = local.length <= 2 ? `${local[0] ?? ''}***` : `${local[0]}***${local.at(-1)}`;
  const maskedDomain = dot > 0 ? `${domain[0]}***${domain.slice(dot)}` : '***';
  return `${maskedLocal}@${maskedDomain}`;
}
