import { useContext } from 'react';
import { REMOTE } from '../copy';
import { RemoteRetryContext } from './remote-retry-context';

/** Shown in place of a remote that could not be loaded or crashed; the layout around it keeps working. */
export function RemoteFallback() {
  const retry = useContext(RemoteRetryContext);
  return (
    <section className="remote-fallback" role="alert">
      <h1>{REMOTE.fallbackTitle}</h1>
      <p>{REMOTE.fallbackText}</p>
      <button type="button" onClick={retry}>
        {REMOTE.retry}
      </button>
    </section>
  );
}
