import path from 'node:path';
import { runInNetworkNamespace } from '../../support/network-namespace';

describe('a network namespace of several client addresses (what the abuse suite drives limits from)', () => {
  it('sends each request from the address it names, IPv6 and IPv4', async () => {
    const result = await runInNetworkNamespace<{ seen: string[] }>({
      addresses: ['fd00:1:2:3::10/64', 'fd00:1:2:3::11/64', 'fd00:1:2:4::10/64', '10.9.0.2/32'],
      entry: path.join(__dirname, 'namespace-probe.scenario.ts'),
    });
    expect(result.seen).toEqual(['fd00:1:2:3::10', 'fd00:1:2:3::11', 'fd00:1:2:4::10', '::ffff:10.9.0.2']);
  });
});
