import { renderAt } from '@pulse/frontend-ui/testing';
import { screen, within } from '@testing-library/react';
import { INLINE_ENV_CONFIG_ID } from '../config/env-config';
import { Footer } from './Footer';

/** The configuration block the gateway inlines in every document. */
function inlineConfig(config: unknown): void {
  document.getElementById(INLINE_ENV_CONFIG_ID)?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INLINE_ENV_CONFIG_ID;
  block.textContent = JSON.stringify(config);
  document.head.appendChild(block);
}

const REMOTES = { news: '/n', trending: '/t', tech_analysis: '/ta', qa: '/q' };

afterEach(() => document.getElementById(INLINE_ENV_CONFIG_ID)?.remove());

describe('footer', () => {
  it('links every section, as the header does', () => {
    renderAt(<Footer />);
    const links = within(screen.getByRole('navigation', { name: '섹션' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['뉴스', '/news'],
      ['인사이트', '/insights'],
      ['기술 분석', '/tech-analysis'],
      ['트렌딩', '/trending'],
      ['커뮤니티', '/community/qa'],
    ]);
  });

  it("links the site's own social accounts from the configuration, in new tabs", () => {
    inlineConfig({
      remotes: REMOTES,
      social: [
        { label: 'GitHub', url: 'https://github.com/pulse-kr' },
        { label: 'X (Twitter)', url: 'https://x.com/pulse_kr' },
        { label: 'Broken', url: 'javascript:alert(1)' },
      ],
    });
    renderAt(<Footer />);
    const links = within(screen.getByRole('list', { name: '소셜 미디어' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['GitHub (새 창)', 'https://github.com/pulse-kr', '_blank'],
      ['X (Twitter) (새 창)', 'https://x.com/pulse_kr', '_blank'],
    ]);
  });

  it('shows no social links when the site has no accounts, or no configuration block', () => {
    inlineConfig({ remotes: REMOTES });
    const { unmount } = renderAt(<Footer />);
    expect(screen.queryByRole('list', { name: '소셜 미디어' })).not.toBeInTheDocument();
    unmount();
    document.getElementById(INLINE_ENV_CONFIG_ID)?.remove();
    renderAt(<Footer />);
    expect(screen.queryByRole('list', { name: '소셜 미디어' })).not.toBeInTheDocument();
  });
});
