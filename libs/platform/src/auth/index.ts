export * from './admin.config';
export * from './admin.guard';
export * from './admin-auth.module';
export * from './staff-assertion';
export * from './staff-roles.decorator';
export * from './audit';
