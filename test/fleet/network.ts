import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

/**
 * One bridge with a /16 on the host (the node: it runs the probes, as the kubelet does), and one network
 * namespace per pod or infrastructure server, joined to the bridge by a veth pair, with its own address.
 * There is no default route: anything outside the bridge (the LLM API, an SMTP relay) fails at once
 * instead of hanging, as in a cluster without egress.
 */
export const SUBNET_PREFIX = 16;

export function ip(...args: string[]): string {
  return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `ip`, `nft` and root: without them the fleet cannot be built, and the test says so instead of skipping. */
export function checkPrerequisites(): void {
  if (process.getuid?.() !== 0)
    throw new Error('the fleet harness needs root (network namespaces, veths, nftables)');
  for (const [tool, args] of [
    ['ip', ['-V']],
    ['nft', ['--version']],
    ['unshare', ['--version']],
    ['setpriv', ['--version']],
  ] as const) {
    try {
      execFileSync(tool, args, { stdio: 'ignore' });
    } catch {
      throw new Error(
        `the fleet harness needs \`${tool}\` (Debian: iproute2, nftables, util-linux; infra/local/pulse-local up installs nftables)`,
      );
    }
  }
}

export class Bridge {
  constructor(
    readonly name: string,
    /** The first two octets of the /16, e.g. '10.250'. */
    private readonly net: string,
  ) {}

  private next = 10;

  get subnet(): string {
    return `${this.net}.0.0/${SUBNET_PREFIX}`;
  }

  get nodeAddress(): string {
    return `${this.net}.0.1`;
  }

  create(): void {
    ip('link', 'add', this.name, 'type', 'bridge');
    ip('addr', 'add', `${this.nodeAddress}/${SUBNET_PREFIX}`, 'dev', this.name);
    ip('link', 'set', this.name, 'up');
  }

  /** A fresh address: a restarted pod gets a new one, as a new pod does in a cluster. */
  allocate(): string {
    const n = this.next++;
    return `${this.net}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  }

  destroy(): void {
    try {
      ip('link', 'del', this.name);
    } catch {
      // already gone
    }
  }
}

/** A network namespace joined to the bridge; `/etc/netns/<name>/` holds the hosts file `ip netns exec` mounts. */
export class Namespace {
  readonly address: string;

  constructor(
    readonly name: string,
    address: string,
    private readonly veth: string,
  ) {
    this.address = address.split('/')[0];
  }

  static create(
    name: string,
    address: string,
    veth: string,
    bridge: Bridge,
    onLinkRoutes: string[] = [],
  ): Namespace {
    const ns = new Namespace(name, address, veth);
    mkdirSync(ns.etcDir, { recursive: true });
    ns.writeHosts('');
    // Unknown names fail fast: no resolver answers inside the namespace.
    writeFileSync(`${ns.etcDir}/resolv.conf`, 'nameserver 127.0.0.1\noptions timeout:1 attempts:1\n');
    ip('netns', 'add', name);
    ip('link', 'add', veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', name);
    ip('link', 'set', veth, 'master', bridge.name, 'up');
    ip(
      '-n',
      name,
      'addr',
      'add',
      address.includes('/') ? address : `${address}/${SUBNET_PREFIX}`,
      'dev',
      'eth0',
    );
    ip('-n', name, 'link', 'set', 'eth0', 'up');
    ip('-n', name, 'link', 'set', 'lo', 'up');
    for (const route of onLinkRoutes) ip('-n', name, 'route', 'add', route, 'dev', 'eth0');
    return ns;
  }

  get etcDir(): string {
    return `/etc/netns/${this.name}`;
  }

  /**
   * Rewritten in place (same inode): `ip netns exec` bind-mounts this file over /etc/hosts of the processes
   * already running, so a new inode would never reach them.
   */
  writeHosts(entries: string): void {
    writeFileSync(`${this.etcDir}/hosts`, `127.0.0.1 localhost\n${entries}`);
  }

  /** Loads an nftables script into this namespace. */
  nft(script: string): void {
    execFileSync('ip', ['netns', 'exec', this.name, 'nft', '-f', '-'], {
      input: script,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  }

  destroy(): void {
    try {
      ip('netns', 'del', this.name);
    } catch {
      // already gone
    }
    try {
      ip('link', 'del', this.veth);
    } catch {
      // went with the namespace
    }
    rmSync(this.etcDir, { recursive: true, force: true });
  }
}
