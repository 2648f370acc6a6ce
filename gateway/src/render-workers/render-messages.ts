import type { PageRead } from '@pulse/contracts';
import type { RenderedPage } from '../documents/page-renderer';

/** What a render worker (render-worker.main.ts) is started with. */
export interface RenderWorkerData {
  /** The shell's server bundle (frontends/shell/dist/server/render.js). */
  bundleFile: string;
  /** FRONTENDS_DIR, resolved: where a remote deployed on this site is read from. */
  frontendsDir: string;
  logLevel: string;
}

/** The gateway to a worker: render a page, or the answer to one of its reads. */
export type ToRenderWorker =
  | {
      type: 'render';
      id: number;
      url: string;
      siteUrl: string;
      /** Each remote's manifest URL now (RemoteLocations): the remotes move while the site runs. */
      remoteUrls: Readonly<Record<string, string | undefined>>;
    }
  | { type: 'answer'; id: number; readId: number; answer: PageRead | undefined };

/** A worker to the gateway: one of a render's API reads, or the render's end. */
export type FromRenderWorker =
  | { type: 'read'; id: number; readId: number; path: string }
  | { type: 'rendered'; id: number; page: RenderedPage | undefined }
  /** The worker has loaded the bundle and takes renders: their time is counted from here. */
  | { type: 'ready' }
  /** A line the worker logged (pino's JSON), for the gateway's own logger. */
  | { type: 'log'; line: string };
