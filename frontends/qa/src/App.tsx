import { NotFound, Placeholder } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router-dom';

/** Mounted by the shell at /community/*; routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route path="qa" element={<Placeholder title="질문과 답변" message="질문 목록은 곧 제공됩니다." />} />
      <Route
        path="qa/ask"
        element={<Placeholder title="질문하기" message="질문 작성 기능은 곧 제공됩니다." />}
      />
      <Route
        path="questions/:id"
        element={<Placeholder title="질문 상세" message="질문 상세 페이지는 곧 제공됩니다." />}
      />
      <Route
        path="projects"
        element={<Placeholder title="프로젝트" message="프로젝트 기능은 곧 제공됩니다." />}
      />
      <Route
        path="projects/:id"
        element={<Placeholder title="프로젝트" message="프로젝트 기능은 곧 제공됩니다." />}
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
