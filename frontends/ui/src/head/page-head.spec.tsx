import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import {
  PageHeadContext,
  shortDescription,
  usePageHead,
  type PageHead,
  type PageHeadSink,
} from './page-head';

function Head({ head }: { head: PageHead | null }) {
  usePageHead(head);
  return null;
}

const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('usePageHead', () => {
  beforeEach(() => {
    document.title = '';
    document.head.innerHTML = '';
  });

  it('names the tab, description, canonical and keywords of each page shown, leaving none of the last', () => {
    const { rerender } = render(
      <Head
        head={{
          title: '기술 분석 글',
          description: '요약',
          canonical: '/tech-analysis/a',
          keywords: ['Rust', 'async'],
        }}
      />,
    );
    expect(document.title).toBe('기술 분석 글 | 펄스');
    expect(meta('description')).toBe('요약');
    expect(meta('keywords')).toBe('Rust, async');
    expect(canonical()).toBe(`${window.location.origin}/tech-analysis/a`);

    rerender(<Head head={{ title: '뉴스', description: '최신 뉴스', canonical: '/news' }} />);
    expect(document.title).toBe('뉴스 | 펄스');
    expect(meta('description')).toBe('최신 뉴스');
    expect(meta('keywords')).toBeUndefined();
    expect(canonical()).toBe(`${window.location.origin}/news`);

    rerender(<Head head={{ title: '' }} />);
    expect(document.title).toBe('펄스 - AI·블록체인 전문 미디어');
  });

  it('keeps the origin of the canonical link the server wrote (the configured site, not the tab)', () => {
    document.head.innerHTML = '<link rel="canonical" href="https://pulse.example/">';
    render(<Head head={{ title: '트렌딩', canonical: '/trending' }} />);
    expect(canonical()).toBe('https://pulse.example/trending');
  });

  it('leaves the head alone while the page does not know it yet', () => {
    document.title = '이전 페이지 | 펄스';
    render(<Head head={null} />);
    expect(document.title).toBe('이전 페이지 | 펄스');
  });

  it('cuts a long description as the server-rendered head does', () => {
    const long = '가'.repeat(200);
    render(<Head head={{ title: '글', description: long }} />);
    expect(meta('description')).toBe(`${'가'.repeat(159)}…`);
    expect(shortDescription('  a \n b  ')).toBe('a b');
  });

  it('tells a server render the head and status of the page it draws; the innermost page wins', () => {
    const sink: PageHeadSink = {};
    renderToString(
      <PageHeadContext.Provider value={sink}>
        <Head head={{ title: '바깥' }} />
        <Head head={{ title: '페이지를 찾을 수 없습니다', status: 404 }} />
        <Head head={null} />
      </PageHeadContext.Provider>,
    );
    expect(sink.head).toEqual({ title: '페이지를 찾을 수 없습니다', status: 404 });
  });
});
