import type { EventBus } from '../bus';
import type { CacheStore } from '../cache';
import type { LanguageModel, ImageGenerator } from '../llm';
import type { Mailer } from '../mail';
import type { SearchIndex } from '../search';
import type { DocumentStore } from '../store';
import type { Adapter } from '../lifecycle';

/** The adapters one service process holds, by port. A service lists the ports it uses; only those exist. */
export interface PortSet {
  bus?: EventBus;
  store?: DocumentStore;
  search?: SearchIndex;
  cache?: CacheStore;
  mailer?: Mailer;
  llm?: LanguageModel;
  images?: ImageGenerator;
}

export type PortName = keyof PortSet;
export const PORT_NAMES: readonly PortName[] = ['bus', 'store', 'search', 'cache', 'mailer', 'llm', 'images'];

export function adaptersOf(ports: PortSet): Array<[PortName, Adapter]> {
  return PORT_NAMES.flatMap((name) => {
    const adapter = ports[name];
    return adapter ? [[name, adapter] as [PortName, Adapter]] : [];
  });
}
