export * from './admin.config';
export * from './admin.guard';
export * from './admin-auth.module';
