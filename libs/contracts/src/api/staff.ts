import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './subscribers';

/**
 * Named staff accounts (the newsroom service) and what a verified staff request carries to a service.
 * Roles, widest first: owner (everything, accounts too), editor (sources, authoring, publishing, sending,
 * synonyms, held translations, moderation), moderator (community moderation and reading the admin screens).
 */
export const STAFF_ROLES = ['owner', 'editor', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who made an admin request, as the service's AdminGuard verified it: a signed-in staff account
 * ('session', through the gateway's assertion) or the shared ADMIN_TOKEN ('token', the bootstrap and
 * automation credential, treated as an owner).
 */
export const staffPrincipalSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    via: z.enum(['session', 'token']),
    /**
     * The member's own mail address, when their account has one: carried in the gateway's signed assertion,
     * so a service can mail the member (a newsletter test send) without asking newsroom. Never for the token.
     */
    email: z.string().optional(),
  })
  .meta({ id: 'StaffPrincipal' });
export type StaffPrincipal = z.output<typeof staffPrincipalSchema>;

/** The staff session cookie the newsroom service sets at sign-in; only the gateway reads it. */
export const STAFF_SESSION_COOKIE = 'pulse_staff';
/** The header the gateway sends a service with the signed staff assertion (never a client's own). */
export const STAFF_ASSERTION_HEADER = 'x-pulse-staff-assertion';
/** The header a signed-in browser sends on unsafe methods, equal to its session's CSRF token. */
export const STAFF_CSRF_HEADER = 'x-csrf-token';

export const STAFF_NAME_LIMITS = { min: 2, max: 40 } as const;
export const STAFF_PASSWORD_LIMITS = { min: 12, max: 200 } as const;

const staffName = z
  .string()
  .trim()
  .min(STAFF_NAME_LIMITS.min, `name must be at least ${STAFF_NAME_LIMITS.min} characters`)
  .max(STAFF_NAME_LIMITS.max, `name must be at most ${STAFF_NAME_LIMITS.max} characters`)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'name may hold letters, digits, . _ and - only');
const password = z
  .string()
  .min(STAFF_PASSWORD_LIMITS.min, `password must be at least ${STAFF_PASSWORD_LIMITS.min} characters`)
  .max(STAFF_PASSWORD_LIMITS.max, `password must be at most ${STAFF_PASSWORD_LIMITS.max} characters`);
const totpCode = z.string().regex(/^\d{6}$/, 'totp must be 6 digits');
const role = z.enum(STAFF_ROLES, { message: `role must be one of ${STAFF_ROLES.join(', ')}` });
/** A member's own address, stored lower-cased (the same rules as a subscriber's). */
const staffEmail = z
  .string({ error: () => 'email must be a string' })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
  .pipe(z.email({ error: 'email must be a valid email address' }))
  .transform((email) => email.toLowerCase());

/** POST /api/newsroom/session: sign in. `totp` only when the account has a second factor. */
export const staffLoginSchema = z.strictObject({
  name: z.string().trim().min(1, 'name is required').max(STAFF_NAME_LIMITS.max),
  // Not the creation rules: a sign-in with a short password is just a wrong one.
  password: z.string().min(1, 'password is required').max(STAFF_PASSWORD_LIMITS.max),
  totp: totpCode.optional(),
});
export type StaffLogin = z.output<typeof staffLoginSchema>;

/** POST /api/newsroom/accounts (owner). The address is optional: the member may add it later. */
export const staffAccountCreateSchema = z.strictObject({
  name: staffName,
  role,
  password,
  email: staffEmail.optional(),
});
export type StaffAccountCreate = z.output<typeof staffAccountCreateSchema>;

/** PATCH /api/newsroom/accounts/{id} (owner): the role, the address (null removes it), or both. */
export const staffAccountUpdateSchema = z
  .strictObject({ role: role.optional(), email: staffEmail.nullable().optional() })
  .refine((body) => body.role !== undefined || body.email !== undefined, {
    message: 'role or email is required',
    path: ['role'],
  });
export type StaffAccountUpdate = z.output<typeof staffAccountUpdateSchema>;

/** PATCH /api/newsroom/me: the signed-in member's own address (null removes it). */
export const staffOwnEmailSchema = z.strictObject({ email: staffEmail.nullable() });
export type StaffOwnEmail = z.output<typeof staffOwnEmailSchema>;

/** POST /api/newsroom/me/totp/confirm: the code from the authenticator app confirms the pending secret. */
export const staffTotpConfirmSchema = z.strictObject({ totp: totpCode });
export type StaffTotpConfirm = z.output<typeof staffTotpConfirmSchema>;

/** One account as the owner's list shows it (never its password hash or second-factor secret). */
export const staffAccountViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    /** Where a test send goes; null until the owner or the member sets one. */
    email: z.string().nullable(),
    totpEnabled: z.boolean(),
    /**
     * ISO time until which sign-in to this name is refused from at least one network, after too many
     * wrong passwords from it (the latest such lock); null when none. Other networks still sign in.
     */
    lockedUntil: z.string().nullable(),
    createdAt: z.string(),
    activeSessions: z.number(),
  })
  .meta({ id: 'StaffAccountView' });
export type StaffAccountView = z.output<typeof staffAccountViewSchema>;

/** GET/POST /api/newsroom/session: who is signed in, and the token unsafe requests must echo. */
export const staffSessionViewSchema = z
  .object({
    staff: staffPrincipalSchema,
    /** Null for the ADMIN_TOKEN, which has no session. */
    csrfToken: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'StaffSessionView' });
export type StaffSessionView = z.output<typeof staffSessionViewSchema>;

/** POST /api/newsroom/me/totp: a new secret to put in an authenticator app, pending until confirmed. */
export const staffTotpEnrolmentSchema = z
  .object({
    secret: z.string(),
    otpauthUri: z.string(),
  })
  .meta({ id: 'StaffTotpEnrolment' });
export type StaffTotpEnrolment = z.output<typeof staffTotpEnrolmentSchema>;

/**
 * Newsroom's internal lookup of a session cookie, for the gateway alone: outside every public prefix, so
 * the gateway never forwards a client there, and closed to every other pod by the NetworkPolicy.
 */
export const STAFF_SESSION_RESOLVE_PATH = '/internal/newsroom/session/resolve';
