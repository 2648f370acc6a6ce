import { usePageHead } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { HOME } from '../../copy';
import { PAGE_HEADS } from '../../page-heads';
import { NewsletterBanner } from '../../newsletter/NewsletterBanner';
import { HomeFeedTabs } from './HomeFeedTabs';
import { HotTopics } from './HotTopics';
import { LatestNews } from './LatestNews';

/**
 * docs/spec-content.md §2 'Home': hero, 12 latest news, a button to /news, hot topics, the newsletter banner;
 * the latest news sit under the '전체' tab beside '내 피드' (docs/site.md 'My feed').
 */
export function HomePage() {
  usePageHead(PAGE_HEADS.home);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{HOME.heroTitle}</h1>
        <p>{HOME.heroText}</p>
        <p className="hero__actions">
          <Link to="/trending" className="button">
            {HOME.toTrending}
          </Link>
          <Link to="/news" className="button button--outline">
            {HOME.toNews}
          </Link>
        </p>
      </section>
      <div className="home__columns">
        <div>
          <HomeFeedTabs
            all={
              <>
                <LatestNews />
                <p className="home__more">
                  <Link to="/news" className="button button--outline">
                    {HOME.moreNews}
                  </Link>
                </p>
              </>
            }
          />
        </div>
        <HotTopics />
      </div>
      <NewsletterBanner />
    </div>
  );
}
