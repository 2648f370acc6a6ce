import { SERVICE_HTTP_PREFIXES, SERVICE_NAMES, type ServiceName } from '@pulse/contracts';
import type { GatewayConfig } from './gateway.config';

type UrlVariable = `${Uppercase<ServiceName>}_URL` & keyof GatewayConfig;

/** Each service's public prefixes and the variable holding its address. */
export const SERVICE_ROUTES = SERVICE_NAMES.map((service) => ({
  service,
  prefixes: SERVICE_HTTP_PREFIXES[service],
  urlVariable: `${service.toUpperCase()}_URL` as UrlVariable,
}));
