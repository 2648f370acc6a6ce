export { createGatewayApp, GATEWAY_DEFAULT_PORT } from './create-gateway-app';
export { gatewayConfigSchema, type GatewayConfig } from './gateway.config';
export { InProcessUpstream } from './upstreams/in-process.upstream';
export { HttpUpstream } from './upstreams/http.upstream';
export type { Upstream } from './upstreams/upstream';
