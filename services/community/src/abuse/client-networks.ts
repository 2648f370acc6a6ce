import { Inject, Injectable } from '@nestjs/common';
import {
  networkOf,
  networkPrefixesOf,
  SERVICE_CONFIG,
  type NetworkConfig,
  type NetworkPrefixes,
} from '@pulse/platform';

/**
 * The network a client address belongs to (its IPv4 address, its IPv6 /64; NETWORK_IPV4_PREFIX and
 * NETWORK_IPV6_PREFIX), the key of every per-address bucket of the service. An IPv6 client is handed a
 * whole /64, so a bucket keyed on the full address would give it 2^64 buckets.
 */
@Injectable()
export class ClientNetworks {
  private readonly prefixes: NetworkPrefixes;

  constructor(@Inject(SERVICE_CONFIG) config: { network: NetworkConfig }) {
    this.prefixes = networkPrefixesOf(config.network);
  }

  of(address: string): string {
    return networkOf(address, this.prefixes);
  }
}
