import { NotFound, Placeholder } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router-dom';

/** Mounted by the shell at /tech-analysis/*; routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route index element={<Placeholder title="기술 분석" message="기술 분석 목록은 곧 제공됩니다." />} />
      <Route
        path=":slug"
        element={<Placeholder title="기술 분석" message="기술 분석 상세 페이지는 곧 제공됩니다." />}
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
