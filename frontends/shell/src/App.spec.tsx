import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { App } from './App';

// Remote routes need a browser and the federation runtime; smoke.e2e.js covers them.
function render(url: string): string {
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <App />
    </MemoryRouter>,
  );
}

describe('shell routes', () => {
  it('shows the layout and the placeholder home at /', () => {
    const html = render('/');
    expect(html).toContain('펄스 — 준비 중입니다');
    for (const href of ['/', '/news', '/trending', '/community/qa']) expect(html).toContain(`href="${href}"`);
    expect(html).toContain(`© ${new Date().getFullYear()} 펄스`);
  });

  it('shows the not-found page, inside the layout, for an unknown route', () => {
    const html = render('/no/such/page');
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('No route matches &quot;/no/such/page&quot;');
    expect(html).toContain('href="/news"');
  });
});
