import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subscription request as the hub received it (hub.* form fields). */
export interface HubSubscribeRequest {
  mode: string;
  topic: string;
  callback: string;
  secret?: string;
  leaseSeconds?: number;
  at: number;
}

/** One verification-of-intent call the hub made, and what the subscriber answered. */
export interface HubVerification {
  callback: string;
  mode: 'subscribe' | 'unsubscribe' | 'denied';
  status: number;
  /** The subscriber echoed the challenge: the subscription is verified. */
  confirmed: boolean;
}

/** What the hub does with the next subscription requests. */
export type HubPolicy = 'verify' | 'ignore' | 'deny';

export interface WebSubTestHub {
  /** The hub URL feeds advertise (`<link rel="hub">`). */
  hubUrl: string;
  /** The URL of a feed this server serves (see setFeed). */
  feedUrl(name: string): string;
  /** Serves `body` at feedUrl(name), with an HTTP Link header when given. */
  setFeed(name: string, body: string, options?: { link?: string; contentType?: string }): void;
  policy: HubPolicy;
  /** Lease the hub grants (hub.lease_seconds in its verification); default: what was asked. */
  grantLeaseSeconds?: number;
  requests: HubSubscribeRequest[];
  verifications: HubVerification[];
  /** Verified subscribers of a topic, by callback. */
  subscribers(topic: string): Array<{ callback: string; secret: string }>;
  /**
   * Content distribution: POSTs `body` to every verified subscriber of `topic`, signed with its secret
   * (sha256 unless `algorithm` says otherwise; `signature` overrides the header, e.g. a forged one).
   */
  publish(
    topic: string,
    body: string,
    options?: { algorithm?: string; signature?: string | null; contentType?: string },
  ): Promise<Array<{ callback: string; status: number }>>;
  /** A verification call made by hand (a forged or stale one), answering the status and body. */
  callBack(callback: string, query: Record<string, string>): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * Test support: a small WebSub hub (W3C WebSub) on node:http, which also serves the feeds that name it.
 * It takes subscription requests (202), then verifies intent by calling the subscriber back with a
 * challenge, or denies, or ignores the request (a renewal that never comes: the subscription lapses), as
 * `policy` says; it pushes signed content to verified subscribers.
 */
export async function startWebSubTestHub(): Promise<WebSubTestHub> {
  const feeds = new Map<string, { body: string; link?: string; contentType: string }>();
  const verified = new Map<string, { topic: string; secret: string }>();
  const pending: Array<Promise<void>> = [];

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://hub.test');
      if (req.method === 'GET' && url.pathname.startsWith('/feeds/')) {
        const feed = feeds.get(url.pathname.slice('/feeds/'.length));
        if (!feed) return void res.writeHead(404).end();
        return void res
          .writeHead(200, { 'content-type': feed.contentType, ...(feed.link ? { link: feed.link } : {}) })
          .end(feed.body);
      }
      if (req.method !== 'POST' || url.pathname !== '/hub') return void res.writeHead(404).end();
      const form = new URLSearchParams(await readBody(req));
      const request: HubSubscribeRequest = {
        mode: form.get('hub.mode') ?? '',
        topic: form.get('hub.topic') ?? '',
        callback: form.get('hub.callback') ?? '',
        secret: form.get('hub.secret') ?? undefined,
        leaseSeconds: form.has('hub.lease_seconds') ? Number(form.get('hub.lease_seconds')) : undefined,
        at: Date.now(),
      };
      hub.requests.push(request);
      const known = request.mode === 'subscribe' || request.mode === 'unsubscribe';
      if (!known || !/^https?:\/\//.test(request.callback) || !request.topic)
        return void res.writeHead(400).end('bad subscription request');
      res.writeHead(202).end();
      // Verification happens after the 202, as a real hub's would.
      pending.push(verify(request, hub.policy));
    })().catch(() => res.writeHead(500).end());
  });

  async function verify(request: HubSubscribeRequest, policy: HubPolicy): Promise<void> {
    if (policy === 'ignore') return;
    if (request.mode === 'unsubscribe') {
      // The subscriber confirms it asked; only then does the hub stop pushing to it.
      const challenge = randomBytes(12).toString('hex');
      const answer = await hub.callBack(request.callback, {
        'hub.mode': 'unsubscribe',
        'hub.topic': request.topic,
        'hub.challenge': challenge,
      });
      const confirmed = answer.status >= 200 && answer.status < 300 && answer.body === challenge;
      hub.verifications.push({
        callback: request.callback,
        mode: 'unsubscribe',
        status: answer.status,
        confirmed,
      });
      if (confirmed) verified.delete(request.callback);
      return;
    }
    if (policy === 'deny') {
      const answer = await hub.callBack(request.callback, {
        'hub.mode': 'denied',
        'hub.topic': request.topic,
        'hub.reason': 'test hub denies',
      });
      hub.verifications.push({ callback: request.callback, mode: 'denied', ...answer, confirmed: false });
      return;
    }
    const challenge = randomBytes(12).toString('hex');
    const lease = hub.grantLeaseSeconds ?? request.leaseSeconds ?? 3600;
    const answer = await hub.callBack(request.callback, {
      'hub.mode': 'subscribe',
      'hub.topic': request.topic,
      'hub.challenge': challenge,
      'hub.lease_seconds': String(lease),
    });
    const confirmed = answer.status >= 200 && answer.status < 300 && answer.body === challenge;
    hub.verifications.push({
      callback: request.callback,
      mode: 'subscribe',
      status: answer.status,
      confirmed,
    });
    if (confirmed) verified.set(request.callback, { topic: request.topic, secret: request.secret ?? '' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const hub: WebSubTestHub = {
    hubUrl: `${base}/hub`,
    feedUrl: (name) => `${base}/feeds/${name}`,
    setFeed(name, body, options = {}) {
      feeds.set(name, {
        body,
        link: options.link,
        contentType: options.contentType ?? 'application/atom+xml; charset=utf-8',
      });
    },
    policy: 'verify',
    requests: [],
    verifications: [],
    subscribers: (topic) =>
      [...verified]
        .filter(([, s]) => s.topic === topic)
        .map(([callback, s]) => ({ callback, secret: s.secret })),
    async publish(topic, body, options = {}) {
      const bytes = Buffer.from(body, 'utf8');
      const results: Array<{ callback: string; status: number }> = [];
      for (const { callback, secret } of hub.subscribers(topic)) {
        const algorithm = options.algorithm ?? 'sha256';
        const signature =
          options.signature === undefined
            ? `${algorithm}=${createHmac(algorithm, secret).update(bytes).digest('hex')}`
            : options.signature;
        const response = await fetch(callback, {
          method: 'POST',
          headers: {
            'content-type': options.contentType ?? 'application/atom+xml',
            link: `<${hub.hubUrl}>; rel="hub", <${topic}>; rel="self"`,
            ...(signature === null ? {} : { 'x-hub-signature': signature }),
          },
          body: bytes,
        });
        await response.arrayBuffer();
        results.push({ callback, status: response.status });
      }
      return results;
    },
    async callBack(callback, query) {
      const url = new URL(callback);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    },
    async close() {
      await Promise.allSettled(pending);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections of the app under test need not be waited for.
      server.closeAllConnections();
      await closed;
    },
  };
  return hub;
}
