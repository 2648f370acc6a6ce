/**
 * The headers every newsletter mail carries (RFC 8058 and the 2024 bulk-sender rules of the large mailbox
 * providers): an HTTPS unsubscribe URL that takes a one-click POST, a mailto alternative, and a note that
 * the mail was sent automatically (no auto-replies). The mailto's subject names the subscriber so an
 * operator can act on it by hand; the HTTPS URL is the one clients use.
 */
export function listHeaders(unsubscribeUrl: string, mailto: string, subscriberId: string) {
  const mailtoUrl = `mailto:${mailto}?subject=${encodeURIComponent(`unsubscribe ${subscriberId}`)}`;
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>, <${mailtoUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Auto-Submitted': 'auto-generated',
  };
}
