import { remoteServerApp } from '@pulse/frontend-ui';
import App, { QUESTION_PAGE } from './App';

/**
 * The qa remote's server bundle (rspack.server.config.js → dist/server/render.js): its App for the shell's
 * server render, which the gateway loads from where this remote is deployed (frontends/README.md 'Server
 * rendering'). Only the question page is rendered on the server: the list and the ask form follow the
 * reader's filters and identity, and stay the browser's.
 */
export const ServerApp = remoteServerApp(App);

/** Whether the server renders the page at `pathname` (the shell asks before rendering). */
export const rendersPath = (pathname: string): boolean => QUESTION_PAGE.test(pathname);
