import { parentPort, workerData } from 'node:worker_threads';
import type { PageRead } from '@pulse/contracts';
import pino from 'pino';
import { RemoteServerModules } from '../remotes/remote-server-modules';
import { remoteDeploymentsAt } from '../static/frontend-assets.plugin';
import { BundlePageRenderer } from '../documents/page-renderer';
import type { FromRenderWorker, RenderWorkerData, ToRenderWorker } from './render-messages';

/**
 * A render worker (render-pool.ts): the shell's server bundle and the remotes' server modules loaded in a
 * thread of their own, rendering the pages the gateway asks for. A render's API reads go back to the
 * gateway, which answers them through its upstreams and micro-cache and collects their cache tags, so a
 * document is read, tagged and purged as when it was rendered in the gateway's own thread.
 */
const port = parentPort;
if (!port) throw new Error('render-worker.main.ts runs as a worker thread (render-pool.ts)');
const { bundleFile, frontendsDir, logLevel } = workerData as RenderWorkerData;

let remoteUrls: Readonly<Record<string, string | undefined>> = {};
// Its lines go to the gateway's logger (render-pool.ts), which the gateway's tests and collectors read.
const logger = pino(
  { level: logLevel },
  { write: (line: string) => port.postMessage({ type: 'log', line } satisfies FromRenderWorker) },
);
const renderer = new BundlePageRenderer(
  bundleFile,
  logger,
  new RemoteServerModules(
    remoteDeploymentsAt(frontendsDir, () => remoteUrls),
    logger,
  ),
);

/** The reads of every render under way, by render and read id, waiting for the gateway's answer. */
const waiting = new Map<string, (answer: PageRead | undefined) => void>();
let nextReadId = 0;

const post = (message: FromRenderWorker) => port.postMessage(message);

// The bundle loaded before the first render (documentUrl loads it), not within a reader's render time.
void renderer.documentUrl('/').finally(() => post({ type: 'ready' }));

port.on('message', (message: ToRenderWorker) => {
  if (message.type === 'answer') {
    const key = `${message.id}:${message.readId}`;
    waiting.get(key)?.(message.answer);
    waiting.delete(key);
    return;
  }
  const { id, url, siteUrl } = message;
  remoteUrls = message.remoteUrls;
  const readApi = (path: string) =>
    new Promise<PageRead | undefined>((resolve) => {
      const readId = nextReadId++;
      waiting.set(`${id}:${readId}`, resolve);
      post({ type: 'read', id, readId, path });
    });
  // BundlePageRenderer.render never rejects: a failure or a render past its time is undefined.
  void renderer.render(url, readApi, siteUrl).then((page) => post({ type: 'rendered', id, page }));
});
