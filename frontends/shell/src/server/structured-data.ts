import { SITE_NAME, type PageExtras } from '@pulse/frontend-ui';

/** The home page: the site and its search, so search engines can offer a search box for it. */
export function describeHome(siteUrl: string): PageExtras {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url: `${siteUrl}/`,
        inLanguage: 'ko-KR',
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}
