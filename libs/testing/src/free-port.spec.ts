import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port';

const ephemeralStart = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

describe('freePort', () => {
  it('hands out distinct ports below the kernel ephemeral range, each one free to listen on', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 20; i += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralStart);
    }
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('skips a port another server listens on', async () => {
    const first = await freePort();
    // Occupy the ports that would come next, then ask again: none of them may be handed out.
    const servers = await Promise.all(
      [1, 2, 3].map(
        (offset) =>
          new Promise<net.Server>((resolve) => {
            const server = net.createServer();
            server.once('error', () => resolve(server));
            server.listen(first + offset, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    try {
      const next = await freePort();
      expect([first + 1, first + 2, first + 3]).not.toContain(next);
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
