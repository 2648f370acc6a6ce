import { CATEGORY_DEFINITIONS } from '@pulse/contracts';
import { sanitiseHtml } from '@pulse/platform';
import type { ArticlePage, TechAnalysisPage } from './page-data';
import { absoluteUrl, escapeHtml, koreanDate } from './text';

/**
 * What #root holds before JavaScript runs: the article readable by a crawler, a link preview or a reader
 * without scripts (docs/design.md §8). React's createRoot replaces it when the shell starts.
 */

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block)}</p>`)
    .join('');

const dateLine = (iso: string) => {
  const shown = koreanDate(iso);
  return shown ? `<p><time datetime="${escapeHtml(iso)}">${shown}</time></p>` : '';
};

export function articleBody(article: ArticlePage, siteUrl: string): string {
  const category = article.primaryCategory ? CATEGORY_DEFINITIONS[article.primaryCategory] : undefined;
  const crumbs = [`<a href="/">홈</a>`];
  if (category) crumbs.push(`<a href="/category/${category.slug}">${escapeHtml(category.name)}</a>`);
  const source = absoluteUrl(article.originalArticle?.sourceUrl, siteUrl);
  return [
    `<article lang="ko">`,
    `<nav aria-label="현재 위치">${crumbs.join(' › ')}</nav>`,
    `<h1>${escapeHtml(article.title)}</h1>`,
    dateLine(article.publishedAt),
    article.summary ? `<p>${escapeHtml(article.summary)}</p>` : '',
    // The service stores sanitised HTML already; sanitising again keeps the gateway safe on its own.
    `<div>${sanitiseHtml(article.content)}</div>`,
    source ? `<p><a href="${escapeHtml(source)}" rel="noopener nofollow">원문보기</a></p>` : '',
    `</article>`,
  ].join('');
}

export function techAnalysisBody(analysis: TechAnalysisPage): string {
  return [
    `<article lang="ko">`,
    `<nav aria-label="현재 위치"><a href="/">홈</a> › <a href="/tech-analysis">기술 분석</a></nav>`,
    `<h1>${escapeHtml(analysis.title)}</h1>`,
    dateLine(analysis.publishedAt),
    paragraphs(analysis.executiveSummary),
    paragraphs(analysis.introduction),
    paragraphs(analysis.conclusion),
    `</article>`,
  ].join('');
}
