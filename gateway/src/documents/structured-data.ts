import { CATEGORY_DEFINITIONS } from '@pulse/contracts';
import type { ArticlePage, TechAnalysisPage } from './page-data';
import { SITE_NAME } from './static-pages';
import { SEO_DESCRIPTION_LENGTH, truncateText } from './text';

/** schema.org structured data for the document heads (docs/design.md §8). */

const CONTEXT = 'https://schema.org';

const publisher = (siteUrl: string) => ({
  '@type': 'Organization',
  name: SITE_NAME,
  url: `${siteUrl}/`,
  logo: { '@type': 'ImageObject', url: `${siteUrl}/favicon.svg` },
});

/** Home: the site and its search, so search engines can offer a search box for it. */
export function webSiteData(siteUrl: string) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${siteUrl}/`,
    inLanguage: 'ko-KR',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function newsArticleData(article: ArticlePage, url: string, image: string, siteUrl: string) {
  const author = article.originalArticle?.author;
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    // Google shows at most 110 characters of a headline.
    headline: truncateText(article.title, 110),
    description: truncateText(article.summary, SEO_DESCRIPTION_LENGTH),
    image: [image],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt ?? article.publishedAt,
    inLanguage: 'ko-KR',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    author: author ? { '@type': 'Person', name: author } : publisher(siteUrl),
    publisher: publisher(siteUrl),
    ...(article.primaryCategory
      ? { articleSection: CATEGORY_DEFINITIONS[article.primaryCategory].name }
      : {}),
    ...(article.tags.length ? { keywords: article.tags.map((tag) => tag.name).join(', ') } : {}),
    // The source a Korean article was translated and reworked from.
    ...(article.originalArticle ? { isBasedOn: article.originalArticle.sourceUrl } : {}),
  };
}

/** Home › category › article, as the article page's breadcrumb shows it (docs/spec-content.md §2). */
export function breadcrumbData(siteUrl: string, article: ArticlePage, url: string) {
  const trail = [{ name: '홈', item: `${siteUrl}/` }];
  if (article.primaryCategory) {
    trail.push({
      name: CATEGORY_DEFINITIONS[article.primaryCategory].name,
      item: `${siteUrl}/category/${article.primaryCategory}`,
    });
  }
  trail.push({ name: truncateText(article.title, 110), item: url });
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((entry, index) => ({ '@type': 'ListItem', position: index + 1, ...entry })),
  };
}

/** schema.org proficiencyLevel knows 'Beginner' and 'Expert' only. */
const PROFICIENCY = { beginner: 'Beginner', advanced: 'Expert' } as const;

export function techArticleData(analysis: TechAnalysisPage, url: string, image: string, siteUrl: string) {
  const level = analysis.difficultyLevel;
  return {
    '@context': CONTEXT,
    '@type': 'TechArticle',
    headline: truncateText(analysis.title, 110),
    description: truncateText(analysis.executiveSummary, SEO_DESCRIPTION_LENGTH),
    image: [image],
    datePublished: analysis.publishedAt,
    inLanguage: 'ko-KR',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    author: publisher(siteUrl),
    publisher: publisher(siteUrl),
    ...(analysis.seoKeywords.length ? { keywords: analysis.seoKeywords.join(', ') } : {}),
    ...(analysis.technologyName ? { about: { '@type': 'Thing', name: analysis.technologyName } } : {}),
    ...(level && level !== 'intermediate' ? { proficiencyLevel: PROFICIENCY[level] } : {}),
    ...(analysis.estimatedReadingTime
      ? { timeRequired: `PT${Math.round(analysis.estimatedReadingTime)}M` }
      : {}),
  };
}
