import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import App from './App';

// Runs the remote on its own (any page with a #root) while developing it; the shell never loads this
// entry, only ./App through remoteEntry.js.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <BrowserRouter>
      <Routes>
        <Route path="/news/*" element={<App section="news" />} />
        <Route path="/insights/*" element={<App section="insights" />} />
        <Route path="/analysis/*" element={<App section="analysis" />} />
      </Routes>
    </BrowserRouter>,
  );
}
