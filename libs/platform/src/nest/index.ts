export * from './tokens';
export * from './health.controller';
export * from './http-exception.filter';
export * from './platform.module';
export * from './service-definition';
export * from './create-service-app';
export * from './boot-process';
export * from './run-service';
