import { NotFound, Placeholder } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router-dom';

export type NewsSection = 'news' | 'insights' | 'analysis';

const SECTIONS: Record<NewsSection, { title: string; list: string; detail: string }> = {
  news: { title: '뉴스', list: '뉴스 목록은 곧 제공됩니다.', detail: '뉴스 상세 페이지는 곧 제공됩니다.' },
  insights: {
    title: '인사이트',
    list: '인사이트 목록은 곧 제공됩니다.',
    detail: '인사이트 상세 페이지는 곧 제공됩니다.',
  },
  analysis: {
    title: '분석',
    list: '분석 목록은 곧 제공됩니다.',
    detail: '분석 상세 페이지는 곧 제공됩니다.',
  },
};

/**
 * Mounted by the shell at /news/*, /insights/* and /analysis/*; routes are relative to that mount, so the
 * shell passes which section this is.
 */
export default function App({ section }: { section?: unknown }) {
  const copy = SECTIONS[isSection(section) ? section : 'news'];
  return (
    <Routes>
      <Route index element={<Placeholder title={copy.title} message={copy.list} />} />
      <Route path=":id" element={<Placeholder title={copy.title} message={copy.detail} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function isSection(value: unknown): value is NewsSection {
  return typeof value === 'string' && value in SECTIONS;
}
