import { render, screen, within } from '@testing-library/react';
import { SHARE_POPUP_SIZE, ShareButtons, sharePopupFeatures, shareUrl } from './ShareButtons';

describe('sharing', () => {
  const url = 'https://pulse.example/article/a1?x=1';

  it('builds each platform share URL with the page encoded', () => {
    const u = encodeURIComponent(url);
    expect(shareUrl('facebook', url, '제목')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${u}`);
    expect(shareUrl('twitter', url, '제목')).toBe(
      `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent('제목')}`,
    );
    expect(shareUrl('telegram', url, '제목')).toContain(`https://t.me/share/url?url=${u}`);
    expect(shareUrl('linkedin', url, '제목')).toContain(u);
  });

  it('opens a 600x400 popup centred on the window', () => {
    expect(SHARE_POPUP_SIZE).toEqual({ width: 600, height: 400 });
    expect(sharePopupFeatures(100, 50, 1400, 900)).toBe(
      'width=600,height=400,left=500,top=300,noopener,noreferrer',
    );
  });

  it('renders one labelled button per platform', () => {
    render(<ShareButtons url={url} title="t" platforms={['facebook', 'twitter', 'telegram']} />);
    const buttons = within(screen.getByRole('group', { name: '공유하기' })).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    expect(screen.getAllByRole('button')).toHaveLength(3);
    expect(buttons[0]).toHaveAccessibleName('Facebook 공유');
    expect(buttons[2]).toHaveAccessibleName('Telegram 공유');
  });
});
