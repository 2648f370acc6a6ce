import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteLocations, RemoteName } from '../config/remotes';
import { remoteFallbackPlugin } from './remote-fallback-plugin';

/** What every remote exposes as `./App`. */
export interface RemoteAppModule {
  default: ComponentType<Record<string, unknown>>;
  /**
   * Loads what the App renders lazily at `pathname` (a page chunk of the remote's own), so that a
   * server-rendered page of the remote hydrates without suspending. Optional: a remote without lazy parts.
   */
  preload?: (pathname: string) => Promise<void>;
}

let locations: RemoteLocations | undefined;

/** Registers the remotes named in the runtime configuration on the instance the build created. */
export function setupFederation(remotes: RemoteLocations): void {
  locations = remotes;
  init({
    name: 'shell',
    remotes: Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    plugins: [remoteFallbackPlugin()],
  });
}

export async function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`원격 모듈 ${name}에 ./App이 없습니다`);
  }
  return module;
}

/**
 * Drops what the runtime cached for a remote (manifest, entry, loaded modules) so the next load fetches it
 * afresh: after a failure, or when the remote has been redeployed since. `force` is what clears the
 * caches; the runtime's "already registered" warning it prints is expected.
 */
export function resetRemote(name: RemoteName): void {
  if (!locations) throw new Error('setupFederation() has not run');
  registerRemotes([{ name, entry: locations[name] }], { force: true });
}
