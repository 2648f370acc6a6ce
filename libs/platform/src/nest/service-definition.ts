import type { DynamicModule, Type } from '@nestjs/common';
import type { z } from 'zod';
import { loadConfig } from '../config';
import type { PortName } from '../runtime/port-set';

/**
 * What the launcher needs to know about a service: enough to run it alone (its own main.ts, one
 * container) or beside the others in embedded mode, without the launcher importing its internals.
 */
export interface ServiceDefinition {
  name: string;
  /** The feature module: controllers, services, repositories, event handlers. */
  module: Type<unknown> | DynamicModule;
  /** Ports it uses; only these are configured, validated and checked by /readyz. */
  uses: readonly PortName[];
  defaultPort: number;
  /** Public path prefixes the gateway routes to it, e.g. ['/api/content', '/api/articles']. */
  httpPrefixes: readonly string[];
  /**
   * The service's own settings beyond its ports', by name (e.g. { ingestion: …, admin: adminConfigSchema }):
   * validated at start like every other variable, injectable as SERVICE_CONFIG (the parsed record), and
   * listed in the README's configuration table.
   */
  config?: Record<string, z.ZodType>;
}

/** Parses the service's own settings; throws ConfigError naming the first bad variable. */
export function loadServiceConfig(definition: ServiceDefinition, env = process.env): Record<string, unknown> {
  return definition.config ? loadConfig(definition.config, env) : {};
}
