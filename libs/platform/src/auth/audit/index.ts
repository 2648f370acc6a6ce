export { AUDIT_EXCERPT_CHARS, auditExcerpt } from './audit-excerpt';
export { AuditAction, StaffAudit } from './staff-audit';
export { StaffActionRecorder } from './staff-action.recorder';
export { StaffAuditInterceptor } from './staff-audit.interceptor';
export { withoutSecrets } from './without-secrets';
