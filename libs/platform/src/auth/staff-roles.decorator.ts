import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { StaffPrincipal, StaffRole } from '@pulse/contracts';

export const STAFF_ROLES_KEY = 'pulse:staff-roles';

/**
 * Who may call a handler (or every handler of a controller) behind AdminGuard. Unmarked admin routes are
 * for editors and owners (DEFAULT_STAFF_ROLES): a route a moderator may use says so, so a new route is
 * closed to moderators until someone decides otherwise.
 */
export const StaffRoles = (...roles: StaffRole[]) => SetMetadata(STAFF_ROLES_KEY, roles);

export const DEFAULT_STAFF_ROLES: readonly StaffRole[] = ['owner', 'editor'];
/** Community moderation and reading the admin screens. */
export const MODERATION_ROLES: readonly StaffRole[] = ['owner', 'editor', 'moderator'];

/** The request's verified staff principal, as AdminGuard set it (`@Staff() staff: StaffPrincipal`). */
export const Staff = createParamDecorator((_data: unknown, context: ExecutionContext): StaffPrincipal => {
  const staff = context.switchToHttp().getRequest<{ staff?: StaffPrincipal }>().staff;
  if (!staff) throw new Error('@Staff() used on a route without AdminGuard');
  return staff;
});
