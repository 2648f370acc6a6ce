import { CATEGORY_DEFINITIONS } from '@pulse/contracts';
import { escapeHtml } from '../mail/html';
import type { DigestSection, EditionRecord } from './edition.record';
import { koreanDate } from './edition-calendar';

/**
 * The digest in HTML and plain text. One markup serves the mail and the web version: in a mail every
 * element carries its style inline (mail clients drop most stylesheets) plus a <style> block for small
 * screens; on the site the same class names are styled by /newsletter/assets/newsletter.css, since the
 * site's CSP allows no inline style. Images have fixed width and height, so nothing jumps while they load
 * and clients that block images keep the layout.
 */
export const DIGEST_STYLES = {
  page: 'margin:0;padding:0;background:#f4f4f5;',
  outer: 'width:100%;background:#f4f4f5;',
  sheet: 'width:100%;max-width:600px;background:#ffffff;border-collapse:collapse;',
  masthead: 'padding:24px 24px 16px;background:#0f172a;color:#ffffff;font-family:sans-serif;',
  brand: 'margin:0;font-size:24px;font-weight:bold;color:#ffffff;',
  issue: 'margin:6px 0 0;font-size:14px;color:#cbd5e1;',
  intro: 'padding:20px 24px 4px;font-family:sans-serif;font-size:15px;line-height:1.6;color:#3f3f46;',
  section:
    'padding:20px 24px 4px;font-family:sans-serif;font-size:18px;font-weight:bold;color:#18181b;border-top:1px solid #e4e4e7;',
  item: 'padding:12px 24px;font-family:sans-serif;vertical-align:top;',
  thumbCell: 'width:128px;padding:0 16px 0 0;vertical-align:top;',
  thumb: 'display:block;width:128px;height:72px;border:0;border-radius:4px;background:#e4e4e7;',
  title: 'margin:0 0 6px;font-size:16px;line-height:1.4;font-weight:bold;',
  link: 'color:#1d4ed8;text-decoration:none;',
  summary: 'margin:0 0 6px;font-size:14px;line-height:1.6;color:#3f3f46;',
  meta: 'margin:0;font-size:12px;color:#71717a;',
  footer:
    'padding:24px;font-family:sans-serif;font-size:12px;line-height:1.7;color:#71717a;border-top:1px solid #e4e4e7;',
  footerLink: 'color:#52525b;text-decoration:underline;',
} as const;
type StyleName = keyof typeof DIGEST_STYLES;

/** For small screens (and the 375 px screenshot): the thumbnail goes above the text at full width. */
const SMALL_SCREEN_CSS = `@media (max-width:480px){
.nl-thumbCell{display:block!important;width:100%!important;padding:0 0 10px 0!important}
.nl-thumb{width:100%!important;height:auto!important;aspect-ratio:16/9}
.nl-item,.nl-section,.nl-intro,.nl-footer,.nl-masthead{padding-left:16px!important;padding-right:16px!important}
.nl-textCell{display:block!important;width:100%!important}
}`;

/** The site's stylesheet for the web version: the same rules as the inline styles. */
export function digestStylesheet(): string {
  const rules = Object.entries(DIGEST_STYLES).map(([name, css]) => `.nl-${name}{${css}}`);
  return `${rules.join('\n')}\n.nl-sheet{margin:0 auto}\n${SMALL_SCREEN_CSS}\n`;
}

export interface DigestLinks {
  webVersion: string;
  archive: string;
  /** Mail only: the subscriber's own links. */
  preferences?: string;
  unsubscribe?: string;
}

type Mode = 'mail' | 'web';

const CATEGORY_LEAD: Record<string, string> = {
  popular: '가장 많이 읽힌 기사',
  hot: '지금 주목받는 기사',
};

function styler(mode: Mode) {
  return (name: StyleName, extraClass = '') => {
    const cls = `nl-${name}${extraClass ? ` ${extraClass}` : ''}`;
    return mode === 'mail' ? `class="${cls}" style="${DIGEST_STYLES[name]}"` : `class="${cls}"`;
  };
}

/** The digest's body table (shared by mail and web). */
export function renderDigestBody(
  edition: EditionRecord,
  sections: DigestSection[],
  links: DigestLinks,
  mode: Mode,
): string {
  const s = styler(mode);
  const period = edition.kind === 'weekly' ? '지난 한 주' : '어제 하루';
  const rows: string[] = [];
  rows.push(
    `<tr><td ${s('masthead')}><p ${s('brand')}>펄스 Pulse</p><p ${s('issue')}>${escapeHtml(edition.title)}</p></td></tr>`,
  );
  rows.push(
    `<tr><td ${s('intro')}>${period} 동안 펄스 독자들이 가장 많이 읽은 기사와 지금 가장 주목받는 기사를 분야별로 모았습니다.</td></tr>`,
  );
  for (const section of sections) {
    rows.push(`<tr><td ${s('section')}>${escapeHtml(CATEGORY_DEFINITIONS[section.category].name)}</td></tr>`);
    for (const article of section.articles) {
      const image = article.imageUrl
        ? `<td ${s('thumbCell')}><a href="${escapeHtml(article.url)}"><img ${s('thumb')} src="${escapeHtml(article.imageUrl)}" width="128" height="72" alt=""></a></td>`
        : '';
      rows.push(`<tr><td ${s('item')}><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>${image}<td class="nl-textCell">
<p ${s('title')}><a ${s('link')} href="${escapeHtml(article.url)}">${escapeHtml(article.title)}</a></p>
<p ${s('summary')}>${escapeHtml(article.summary)}</p>
<p ${s('meta')}>${CATEGORY_LEAD[article.reason]} · 조회 ${article.views.toLocaleString('ko-KR')} · ${koreanDate(seoulDate(article.publishedAt))}</p>
</td></tr></table></td></tr>`);
    }
  }
  const footer: string[] = [];
  if (mode === 'mail') {
    footer.push(`이 메일은 펄스 뉴스레터 구독을 확인하신 분께 보내드립니다.`);
    footer.push(
      `<a ${s('footerLink')} href="${escapeHtml(links.webVersion)}">웹에서 보기</a> · <a ${s('footerLink')} href="${escapeHtml(links.archive)}">지난 뉴스레터</a>`,
    );
    if (links.preferences && links.unsubscribe)
      footer.push(
        `<a ${s('footerLink')} href="${escapeHtml(links.preferences)}">구독 설정 변경</a> · <a ${s('footerLink')} href="${escapeHtml(links.unsubscribe)}">구독 해지</a>`,
      );
  } else {
    footer.push(`<a ${s('footerLink')} href="${escapeHtml(links.archive)}">지난 뉴스레터 모두 보기</a>`);
  }
  footer.push('펄스 — AI·블록체인 전문 미디어');
  rows.push(`<tr><td ${s('footer')}>${footer.join('<br>')}</td></tr>`);
  return `<table role="presentation" ${s('outer')} cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" ${s('sheet')} cellpadding="0" cellspacing="0">
${rows.join('\n')}
</table></td></tr></table>`;
}

/** The whole mail document. */
export function renderDigestMail(
  edition: EditionRecord,
  sections: DigestSection[],
  links: DigestLinks,
): string {
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(edition.title)}</title>
<style>${SMALL_SCREEN_CSS}</style></head>
<body ${styler('mail')('page')}>${renderDigestBody(edition, sections, links, 'mail')}</body></html>`;
}

export function renderDigestText(
  edition: EditionRecord,
  sections: DigestSection[],
  links: DigestLinks,
): string {
  const lines = [edition.title, '', `웹에서 보기: ${links.webVersion}`, ''];
  for (const section of sections) {
    lines.push(`■ ${CATEGORY_DEFINITIONS[section.category].name}`, '');
    for (const article of section.articles) {
      lines.push(`- ${article.title}`, `  ${article.summary}`, `  ${article.url}`, '');
    }
  }
  lines.push('---', '이 메일은 펄스 뉴스레터 구독을 확인하신 분께 보내드립니다.');
  if (links.preferences) lines.push(`구독 설정 변경: ${links.preferences}`);
  if (links.unsubscribe) lines.push(`구독 해지: ${links.unsubscribe}`);
  lines.push(`지난 뉴스레터: ${links.archive}`, '펄스 — AI·블록체인 전문 미디어');
  return lines.join('\n');
}

/** The Seoul calendar date of an instant, yyyy-MM-dd. */
function seoulDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso.slice(0, 10);
  return new Date(time + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
