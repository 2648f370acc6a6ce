// Renders a page the way the shell mounts it: Testing Library's render inside a MemoryRouter, with the
// router's current location kept for assertions after a navigation.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

let currentPath = '';

function LocationProbe() {
  const { pathname, search } = useLocation();
  currentPath = pathname + search;
  return null;
}

/**
 * Renders `element` in a MemoryRouter at `url`, mounted under `route` (a splat path, as the shell mounts
 * remotes; the element brings its own <Routes> if it needs params). Other paths render "elsewhere".
 */
export function renderAt(element: ReactElement, url = '/', route = '/*'): RenderResult {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <LocationProbe />
      <Routes>
        <Route path={route} element={element} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The router's current path and query, e.g. after a <Navigate> or a followed link. */
export const location = (): string => currentPath;
