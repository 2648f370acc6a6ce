import { createContext } from 'react';

/**
 * How a fallback asks its RemoteRoute to load the remote again. The fallback can be rendered by the runtime
 * plugin (as the "module" of a failed remote), far from the route that owns the retry state.
 * Outside a RemoteRoute, reloading the page is the only honest retry.
 */
export const RemoteRetryContext = createContext<() => void>(() => window.location.reload());
