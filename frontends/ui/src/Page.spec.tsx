import { renderToStaticMarkup } from 'react-dom/server';
import { Page } from './Page';

describe('Page', () => {
  it('renders a titled .page section around its content', () => {
    expect(
      renderToStaticMarkup(
        <Page title="펄스 — 준비 중입니다">
          <p>본문</p>
        </Page>,
      ),
    ).toBe('<section class="page"><h1>펄스 — 준비 중입니다</h1><p>본문</p></section>');
  });

  it('renders the title alone when there is no content', () => {
    expect(renderToStaticMarkup(<Page title="뉴스" />)).toBe('<section class="page"><h1>뉴스</h1></section>');
  });
});
