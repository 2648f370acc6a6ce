import { renderedPage } from '../../testing/rendered-page';
import { describePage } from './describe-page';

describe('describePage: who may hold the document', () => {
  const page = renderedPage('/me', {});

  it('shares a page that is the same for every reader, holds none of a page of nothing', () => {
    expect(describePage({ title: '뉴스' }, page).cache).toBe('public');
    expect(describePage({ title: '없음', status: 404 }, page).cache).toBe('no-store');
  });

  it('never shares a reader’s own page, even when its render shows nothing personal', () => {
    expect(describePage({ title: '내 공간', perReader: true }, page).cache).toBe('private');
    // A page of nothing stays a page of nothing.
    expect(describePage({ title: '내 공간', perReader: true, status: 404 }, page).cache).toBe('no-store');
  });
});
