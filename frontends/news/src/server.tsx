import { remoteServerApp } from '@pulse/frontend-ui';
import App from './App';

/**
 * The news remote's server bundle (rspack.server.config.js → dist/server/render.js): its App for the
 * shell's server render, which the gateway loads from where this remote is deployed (frontends/README.md
 * 'Server rendering'). Every page of the remote is rendered: the news and insights lists (their first
 * page) and an article of any section.
 */
export const ServerApp = remoteServerApp(App);

/**
 * Whether the server renders the page at `pathname` (the shell asks before rendering): not /analysis, whose
 * list is the tech-analysis remote's (the gateway answers it with a 301 there; in the browser the router
 * redirects).
 */
export const rendersPath = (pathname: string): boolean => !/^\/analysis\/?$/.test(pathname);
