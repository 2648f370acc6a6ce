import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Where handed-out ports start; below it sit the local stack's fixed ports (16379, 19092, …). */
const LOWEST = 20_000;
/** Fixed ports inside the range that other servers on the machine use (MongoDB's default, the local stack's). */
const TAKEN = new Set([27_017, 27_027]);
/** The range is cut in this many slices, one per Jest worker, so two workers never hand out the same port. */
const SLICES = 8;

let cursor: number | undefined;

/**
 * A free TCP port on loopback for a server another process will open a moment later.
 *
 * Not the kernel's `listen(0)` choice: that port comes from the ephemeral range, which the kernel also gives
 * every outgoing connection, so between our check and the child's `listen` a client socket (a Kafka or
 * Redis connection of any process) can take it and the child fails with EADDRINUSE. Ports here come from
 * below that range, from a slice of it per Jest worker, handed out in turn from a random start, each
 * checked free before it is returned.
 */
export async function freePort(): Promise<number> {
  const highest = Math.min(ephemeralStart(), 65_536) - 1;
  const size = Math.floor((highest - LOWEST) / SLICES);
  if (size < 100) return kernelChosenPort(); // an unusual ephemeral range: nothing safe to choose from
  const slice = Number(process.env.JEST_WORKER_ID ?? 0) % SLICES;
  const base = LOWEST + slice * size;
  cursor ??= Math.floor(Math.random() * size);
  for (let tried = 0; tried < size; tried += 1) {
    const port = base + (cursor++ % size);
    if (!TAKEN.has(port) && (await isFree(port))) return port;
  }
  throw new Error(`no free port in ${base}–${base + size - 1}`);
}

/** The first port of the kernel's ephemeral range (Linux), 32768 when it cannot be read. */
function ephemeralStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(start) || 32_768;
  } catch {
    return 32_768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function kernelChosenPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
