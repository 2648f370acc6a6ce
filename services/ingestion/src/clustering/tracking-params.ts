/**
 * Query parameters that only say how a reader arrived (campaign, click id, referrer, mail-merge
 * token), never which page they get. Removing them is what makes the same article shared through a
 * newsletter, a social post and a feed collapse to one canonical URL. Matched case-insensitively.
 *
 * Deliberately absent: generic names a site may use for content (`id`, `p`, `page`, `src`, `source`,
 * `s`, `v`, `lang`), because dropping one of those could merge two different pages.
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  // Analytics and ad click ids
  'fbclid', // Facebook
  'gclid', // Google Ads
  'gclsrc',
  'dclid', // DoubleClick
  'gbraid',
  'wbraid',
  'msclkid', // Microsoft Ads
  'yclid', // Yandex
  'twclid', // X / Twitter
  'li_fat_id', // LinkedIn
  'igshid', // Instagram
  'ttclid', // TikTok
  '_ga',
  '_gl',
  // Mail tools
  'mc_cid', // Mailchimp
  'mc_eid',
  '_hsenc', // HubSpot
  '_hsmi',
  '__hstc',
  '__hssc',
  '__hsfp',
  'hsctatracking',
  'mkt_tok', // Marketo
  'vero_id', // Vero
  'vero_conv',
  'oly_anon_id', // Omeda
  'oly_enc_id',
  'wickedid',
  'ml_subscriber', // MailerLite
  'ml_subscriber_hash',
  // Referrers and share buttons
  'ref',
  'ref_src',
  'ref_url',
  'referrer',
  'share',
  'sr_share',
  'soc_src',
  'soc_trk',
  'socialshare',
  'smid', // New York Times share id
  // Publishers' campaign ids
  'cmpid',
  'cmp',
  'ncid', // Yahoo / Engadget
  's_cid', // Adobe
  'icid',
  'at_medium', // AT Internet
  'at_campaign',
  'spm', // Alibaba
  'trk',
  'trkcampaign',
  'guccounter', // Yahoo consent redirect
  'guce_referrer',
  'guce_referrer_sig',
]);

/** Any parameter starting with one of these is tracking too (utm_source, utm_medium, … pk_campaign…). */
export const TRACKING_PREFIXES: readonly string[] = ['utm_', 'pk_', 'mtm_', 'hsa_'];

export function isTrackingParam(name: string): boolean {
  const key = name.toLowerCase();
  return TRACKING_PARAMS.has(key) || TRACKING_PREFIXES.some((prefix) => key.startsWith(prefix));
}
