import { eventually } from '@pulse/testing';
import { EDGE_NAMESPACE, Fleet } from './fleet';

/**
 * The production overlay booted as processes (test/fleet, docs/fleet.md): one pod of every Deployment
 * (the overlay's replica counts, 17 pods, are what `npm run bench:fleet` boots: too many for the test
 * tier's time on two shared cores), each ready by its own probes; a read and a write through the gateway
 * from the edge's namespace; and the NetworkPolicies holding between pods. Needs root, iproute2 and
 * nftables: without them it fails, saying which.
 */
describe('the production overlay boots', () => {
  let fleet: Fleet;

  beforeAll(async () => {
    fleet = await Fleet.boot({ overlayDir: 'k8s/overlays/production', replicas: 1 });
  }, 240_000);

  afterAll(async () => {
    await fleet?.close();
  });

  const edgeFetch = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fleet.fetchFromEdge(`http://gateway.pulse.svc.cluster.local${path}`, {
      method: init.method,
      body: init.body,
      headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
    });

  it('starts a pod of every Deployment, each ready by its probes', () => {
    expect(fleet.overlay.deployments.length).toBeGreaterThan(0);
    for (const deployment of fleet.overlay.deployments) {
      const name = deployment.metadata.name;
      const pods = fleet.podsOf(name);
      expect({ name, pods: pods.length, ready: pods.filter((pod) => pod.ready).length }).toEqual({
        name,
        pods: 1,
        ready: 1,
      });
    }
    expect(fleet.figures.probesPassed).toBeGreaterThan(fleet.figures.pods);
  });

  it(`answers a read through the gateway's Service from ${EDGE_NAMESPACE}`, async () => {
    const read = await edgeFetch('/api/content/news');
    expect(read.status).toBe(200);
  });

  it('lands a newsletter sign-up made through the gateway: stored, and its confirmation mail relayed', async () => {
    const token = fleet.overlay.secrets.get('pulse-secrets')!['admin-token'];
    const pending = async () => {
      const answer = await edgeFetch('/api/newsletter/admin/subscribers', { token });
      expect(answer.status).toBe(200);
      return (JSON.parse(answer.body) as { subscribers: { pending: number } }).subscribers.pending;
    };
    const before = await pending();
    const email = `fleet-${Date.now()}@example.com`;
    const signUp = await edgeFetch('/api/subscribers', { method: 'POST', body: { email } });
    expect(signUp.status).toBe(202);
    await eventually(
      async () => {
        expect(await pending()).toBe(before + 1);
        expect(fleet.relayedMails().filter((mail) => mail.to.includes(email))).toHaveLength(1);
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
  });

  it('lets the pairs the NetworkPolicies allow connect, and no other', async () => {
    const [community] = fleet.podsOf('community');
    const [content] = fleet.podsOf('content');
    const [gateway] = fleet.podsOf('gateway');
    // community → content: community-to-content-egress and content-ingress-from-community.
    expect(await fleet.canConnect(community.ns, 'content', 3101)).toBe(true);
    expect(await fleet.canConnect(gateway.ns, 'newsroom', 3107)).toBe(true);
    // content → community: no policy lets content out to it, nor community take it in.
    expect(await fleet.canConnect(content.ns, 'community', 3105)).toBe(false);
    // The edge reaches the gateway only, never a service directly.
    expect(await fleet.canConnect(fleet.edgeNamespace, 'gateway', 80)).toBe(true);
    expect(await fleet.canConnect(fleet.edgeNamespace, 'content', 3101)).toBe(false);
    expect(fleet.figures.policies).toBe(fleet.overlay.networkPolicies.length);
  });

  it("lets Prometheus's namespace reach every pod's metrics port, and not the edge", async () => {
    for (const pod of fleet.pods) {
      const metricsPort = pod.namedPorts.metrics;
      expect({ pod: pod.name, metricsPort: typeof metricsPort }).toEqual({
        pod: pod.name,
        metricsPort: 'number',
      });
      expect({
        pod: pod.name,
        scrape: await fleet.canConnect(fleet.monitoringNamespace, pod.ns.address, metricsPort),
      }).toEqual({
        pod: pod.name,
        scrape: true,
      });
    }
    const [content] = fleet.podsOf('content');
    expect(await fleet.canConnect(fleet.edgeNamespace, content.ns.address, content.namedPorts.metrics)).toBe(
      false,
    );
  });
});
