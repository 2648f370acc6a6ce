export * from './lease.record';
export * from './lease.repository';
export * from './lease';
export * from './leases';
export * from './leases.config';
export * from './leases.provider';
