// Run inside a network namespace by network-namespace.spec.ts: a server on [::] answers with the address
// each request came from, sent from two addresses of one /64 and one of another.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendFrom } from '../../support/network-namespace';

async function main() {
  const server = createServer((request, response) => response.end(request.socket.remoteAddress));
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const { port } = server.address() as AddressInfo;
  const seen: string[] = [];
  for (const from of ['fd00:1:2:3::10', 'fd00:1:2:3::11', 'fd00:1:2:4::10', '10.9.0.2'])
    seen.push(
      (await sendFrom(from, `http://${from.includes(':') ? '[fd00:1:2:3::10]' : '10.9.0.2'}:${port}/`)).body,
    );
  server.close();
  process.stdout.write(`${JSON.stringify({ seen })}\n`);
}

void main();
