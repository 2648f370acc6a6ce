import path from 'node:path';
import type { Logger } from 'pino';
import { busConfigSchema, createEventBus } from '../bus';
import { cacheConfigSchema, createCacheStore } from '../cache';
import { loadConfig } from '../config';
import { createImageGenerator, createLanguageModel, llmConfigSchema } from '../llm';
import { createMailer, mailConfigSchema } from '../mail';
import { createSearchIndex, searchConfigSchema } from '../search';
import { createDocumentStore, storeConfigSchema } from '../store';
import type { PortName, PortSet } from './port-set';

/** Each port's variables, by port; used to validate at start and to generate the README table. */
export const portConfigSchemas = {
  bus: busConfigSchema,
  store: storeConfigSchema,
  search: searchConfigSchema,
  cache: cacheConfigSchema,
  mailer: mailConfigSchema,
  llm: llmConfigSchema,
  images: llmConfigSchema,
} as const;

export interface CreatePortsOptions {
  serviceName: string;
  logger: Logger;
  /** Root of the embedded adapters' files; each service gets its own sub-folder (services own their data). */
  dataDir: string;
  env?: Record<string, string | undefined>;
  /** Adapters made elsewhere and shared, e.g. the one in-process bus of embedded mode. */
  provided?: PortSet;
}

/**
 * Validates the configuration of every port the service uses (throwing ConfigError naming the first bad
 * variable) and then builds the adapters. Validation comes first so a bad setting never leaves half the
 * adapters connected.
 */
export async function createPorts(uses: readonly PortName[], options: CreatePortsOptions): Promise<PortSet> {
  const env = withServiceDataDirs(
    options.env ?? process.env,
    path.resolve(options.dataDir, options.serviceName),
  );
  const wanted = uses.filter((name) => !options.provided?.[name]);
  const schemas = Object.fromEntries(wanted.map((name) => [name, portConfigSchemas[name]]));
  const config = loadConfig(schemas, env) as Record<PortName, never>;
  const deps = { logger: options.logger, serviceName: options.serviceName };
  const ports: PortSet = { ...options.provided };
  for (const name of wanted) {
    switch (name) {
      case 'bus':
        ports.bus = await createEventBus(config.bus, deps);
        break;
      case 'store':
        ports.store = await createDocumentStore(config.store, deps);
        break;
      case 'search':
        ports.search = await createSearchIndex(config.search, deps);
        break;
      case 'cache':
        ports.cache = await createCacheStore(config.cache, deps);
        break;
      case 'mailer':
        ports.mailer = await createMailer(config.mailer, deps);
        break;
      case 'llm':
        ports.llm = await createLanguageModel(config.llm, deps);
        break;
      case 'images':
        ports.images = await createImageGenerator(config.images, deps);
        break;
    }
  }
  return ports;
}

/**
 * The embedded adapters' folders default to <PULSE_DATA_DIR>/<service>/<port>, unless an operator set
 * one explicitly. Done here so each port's schema keeps a plain, documented default.
 */
function withServiceDataDirs(env: Record<string, string | undefined>, serviceDir: string) {
  return {
    BUS_DATA_DIR: path.join(serviceDir, '..', 'bus'),
    STORE_DATA_DIR: path.join(serviceDir, 'store'),
    // MAIL_OUTBOX_DIR is the mail drop's former name: an operator's old setting still wins over the default.
    MAIL_DROP_DIR: env.MAIL_OUTBOX_DIR ?? path.join(serviceDir, 'mail-drop'),
    ...env,
  };
}
