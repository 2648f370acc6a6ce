import { renderToStaticMarkup } from 'react-dom/server';
import { Placeholder } from './Placeholder';

describe('Placeholder', () => {
  it('says the screen is not built yet, with its title and message and nothing else', () => {
    expect(renderToStaticMarkup(<Placeholder title="트렌딩" message="트렌딩 정보는 곧 제공됩니다." />)).toBe(
      '<section class="page"><h1>트렌딩</h1><p>트렌딩 정보는 곧 제공됩니다.</p></section>',
    );
  });
});
