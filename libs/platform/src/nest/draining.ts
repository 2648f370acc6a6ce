/**
 * Whether this process has been told to stop and is in its drain window: still serving every request,
 * but answering /readyz 503 so a load balancer or Kubernetes stops sending new ones before the listener
 * closes (SHUTDOWN_DRAIN_MS; docs/testing.md 'Graceful shutdown').
 */
export const drainState = { draining: false };
