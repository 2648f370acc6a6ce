import { useCallback } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

/**
 * useNavigate for the declarative <BrowserRouter> every front end here runs under. There a navigation
 * happens at once; the Promise in NavigateFunction's type belongs to data routers (pending loaders),
 * which these apps do not use, so there is nothing to await and the result is dropped on purpose.
 */
export function useNavigateTo(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      void (typeof to === 'number' ? navigate(to) : navigate(to, options));
    },
    [navigate],
  );
}
