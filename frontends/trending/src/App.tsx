import { NotFound, Placeholder } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router-dom';

/** Mounted by the shell at /trending/*; routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route index element={<Placeholder title="트렌딩" message="트렌딩 정보는 곧 제공됩니다." />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
