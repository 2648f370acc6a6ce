import type { MailMessage } from '@pulse/platform';
import { escapeHtml } from './html';
import { listHeaders } from './list-headers';

export interface SignUpMailLinks {
  /** The confirm page (confirmation mail) or the preferences page (already subscribed). */
  action: string;
  unsubscribe: string;
  mailto: string;
  subscriberId: string;
}

const wrap = (title: string, body: string): string => `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px 28px;font-size:16px;line-height:1.6">${body}</td></tr></table>
</td></tr></table></body></html>`;

const button = (href: string, label: string) =>
  `<p style="margin:28px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** Double opt-in: the mail that asks the reader to confirm. Nothing else is sent until they do. */
export function confirmationMail(to: string, links: SignUpMailLinks, days: number): MailMessage {
  const subject = '[펄스] 뉴스레터 구독을 확인해주세요';
  const text = [
    '펄스 뉴스레터 구독 신청을 받았습니다.',
    '',
    '아래 링크를 열어 구독을 확인해주세요. 확인하기 전에는 뉴스레터를 보내지 않습니다.',
    links.action,
    '',
    `이 링크는 ${days}일 뒤에 만료되며, 그때까지 확인하지 않으면 주소는 삭제됩니다.`,
    '직접 신청하지 않았다면 이 메일을 무시하세요.',
    '',
    '펄스 — AI·블록체인 전문 미디어',
  ].join('\n');
  const html = wrap(
    subject,
    `<h1 style="font-size:20px;margin:0 0 16px">뉴스레터 구독을 확인해주세요</h1>
<p>펄스 뉴스레터 구독 신청을 받았습니다. 아래 버튼을 눌러 구독을 확인해주세요. 확인하기 전에는 뉴스레터를 보내지 않습니다.</p>
${button(links.action, '구독 확인하기')}
<p style="font-size:13px;color:#52525b">이 링크는 ${days}일 뒤에 만료되며, 그때까지 확인하지 않으면 주소는 삭제됩니다. 직접 신청하지 않았다면 이 메일을 무시하세요.</p>`,
  );
  return {
    to,
    subject,
    text,
    html,
    headers: listHeaders(links.unsubscribe, links.mailto, links.subscriberId),
  };
}

/**
 * A sign-up for an address that is already confirmed: the form answers as for anyone (it must not reveal
 * who subscribes), and the owner of the address learns of it here, with the way to their preferences.
 */
export function alreadySubscribedMail(to: string, links: SignUpMailLinks): MailMessage {
  const subject = '[펄스] 이미 뉴스레터를 구독 중입니다';
  const text = [
    '이 주소로 펄스 뉴스레터 구독 신청이 들어왔지만, 이미 구독 중인 주소입니다.',
    '',
    '받을 분야와 주기는 아래에서 바꿀 수 있습니다.',
    links.action,
    '',
    '직접 신청하지 않았다면 이 메일을 무시하세요. 구독은 그대로 유지됩니다.',
  ].join('\n');
  const html = wrap(
    subject,
    `<h1 style="font-size:20px;margin:0 0 16px">이미 구독 중입니다</h1>
<p>이 주소로 펄스 뉴스레터 구독 신청이 들어왔지만, 이미 구독 중인 주소입니다. 받을 분야와 주기는 아래에서 바꿀 수 있습니다.</p>
${button(links.action, '구독 설정 열기')}
<p style="font-size:13px;color:#52525b">직접 신청하지 않았다면 이 메일을 무시하세요. 구독은 그대로 유지됩니다.</p>`,
  );
  return {
    to,
    subject,
    text,
    html,
    headers: listHeaders(links.unsubscribe, links.mailto, links.subscriberId),
  };
}
