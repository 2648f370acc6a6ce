import { useContext } from 'react';
import { Navigate } from 'react-router';
import { PageHeadContext, usePageHead } from './page-head';

/**
 * A page that lives at another address: a server render answers its document with a 301 to `to`; in the
 * browser the router goes there at once, replacing the history entry.
 */
export function MovedTo({ to }: { to: string }) {
  const serverRender = useContext(PageHeadContext) !== undefined;
  usePageHead({ title: '', status: 301, location: to });
  // <Navigate> in a server render only warns: the document's status does the moving there.
  return serverRender ? null : <Navigate to={to} replace />;
}
