import { remoteServerApp } from '@pulse/frontend-ui';
import App from './App';

/**
 * The tech-analysis remote's server bundle (rspack.server.config.js → dist/server/render.js): its App for
 * the shell's server render, which the gateway loads from where this remote is deployed (frontends/README.md
 * 'Server rendering').
 */
export const ServerApp = remoteServerApp(App);

/** The list's technology category is in its query. */
export const queryParameters = (pathname: string): readonly string[] =>
  pathname === '/tech-analysis' ? ['category'] : [];

/** An analysis's TechArticle and Open Graph article block (structured-data.ts). */
export { describeTechAnalysis as describe } from './structured-data';
