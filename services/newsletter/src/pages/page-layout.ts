import { escapeHtml } from '../mail/html';

export const STYLESHEET_PATH = '/newsletter/assets/newsletter.css';

/** The pages' own rules; the digest's rules (digest-render.ts) are appended to the same stylesheet. */
export const PAGE_CSS = `*{box-sizing:border-box}
body{margin:0;background:#f4f4f5;color:#18181b;font-family:'Noto Sans KR','Apple SD Gothic Neo','Malgun Gothic',sans-serif;line-height:1.6}
.site-header{background:#0f172a;padding:14px 20px}
.site-header a{color:#fff;text-decoration:none;font-weight:bold;font-size:20px}
.site-header nav{display:inline-block;margin-left:16px}
.site-header nav a{font-size:15px;font-weight:normal;color:#cbd5e1;margin-right:12px}
main{max-width:640px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:8px;padding:28px 24px}
h1{font-size:22px;margin:0 0 12px}
.button{display:inline-block;border:0;border-radius:6px;background:#2563eb;color:#fff;font-size:16px;font-weight:bold;padding:12px 24px;cursor:pointer;text-decoration:none}
.button.danger{background:#b91c1c}
.button.quiet{background:#e4e4e7;color:#18181b}
form{margin:20px 0 0}
fieldset{border:1px solid #e4e4e7;border-radius:6px;margin:0 0 16px;padding:12px 16px}
legend{font-weight:bold;padding:0 4px}
label{display:block;margin:4px 0}
.note{color:#52525b;font-size:14px}
.error{color:#b91c1c}
.archive{list-style:none;padding:0;margin:0}
.archive li{padding:10px 0;border-bottom:1px solid #e4e4e7}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.site-footer{text-align:center;color:#71717a;font-size:13px;padding:24px}
`;

/** A server-rendered page of the site (works without JavaScript: link scanners and old mail apps too). */
export function renderPage(title: string, body: string, options: { robots?: string } = {}): string {
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} | 펄스</title>
<meta name="robots" content="${options.robots ?? 'noindex, nofollow'}">
<link rel="stylesheet" href="${STYLESHEET_PATH}"></head>
<body><header class="site-header"><a href="/">펄스</a><nav aria-label="뉴스레터 메뉴"><a href="/newsletter">지난 뉴스레터</a><a href="/news">뉴스</a></nav></header>
<main>${body}</main>
<footer class="site-footer">펄스 — AI·블록체인 전문 미디어</footer></body></html>`;
}

/** A page that says one thing (confirmed, unsubscribed, a bad link…). */
export function messagePage(title: string, lines: string[], extra = ''): string {
  return renderPage(
    title,
    `<section class="card"><h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${extra}</section>`,
  );
}
