import { CATEGORY_DEFINITIONS, CATEGORY_SLUGS } from '@pulse/contracts';
import { Page, usePageHead } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { SITEMAP } from './sitemap-copy';
import { NAV_LINKS } from '../../layout/Header';
import { PAGE_HEADS } from '../../page-heads';

/** /sitemap (docs/spec-content.md §2 'Sitemap page'), with every section as the header has them. Feeds are files: plain links. */
export default function SitemapPage() {
  usePageHead(PAGE_HEADS.sitemap);
  return (
    <Page title={SITEMAP.title}>
      <div className="sitemap">
        <section aria-labelledby="sitemap-main">
          <h2 id="sitemap-main">{SITEMAP.main}</h2>
          <ul>
            {SITEMAP.pages.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-sections">
          <h2 id="sitemap-sections">{SITEMAP.sections}</h2>
          <ul>
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-categories">
          <h2 id="sitemap-categories">{SITEMAP.categories}</h2>
          <ul>
            {CATEGORY_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/category/${slug}`}>{CATEGORY_DEFINITIONS[slug].name}</Link>{' '}
                <a href={`/category/${slug}/rss.xml`} target="_blank" rel="noopener">
                  ({CATEGORY_DEFINITIONS[slug].name} {SITEMAP.categoryFeed})
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-feeds">
          <h2 id="sitemap-feeds">{SITEMAP.feeds}</h2>
          <ul>
            {SITEMAP.feedLinks.map(({ href, label }) => (
              <li key={href}>
                <a href={href} target={href === '/rss.xml' ? '_blank' : undefined} rel="noopener">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-contact">
          <h2 id="sitemap-contact">{SITEMAP.contact}</h2>
          <ul>
            {SITEMAP.contactLinks.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-seo">
          <h2 id="sitemap-seo">{SITEMAP.seoTitle}</h2>
          <p>{SITEMAP.seoText}</p>
          <h2>{SITEMAP.updateTitle}</h2>
          <p>{SITEMAP.updateText}</p>
        </section>
      </div>
    </Page>
  );
}
