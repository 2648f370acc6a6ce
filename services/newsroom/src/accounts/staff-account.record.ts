import type { StaffRole } from '@pulse/contracts';

/** One staff account, as stored in `staff_accounts`. */
export interface StaffAccountRecord {
  _id: string;
  name: string;
  /** The name lower-cased and NFC-normalised: unique, and what sign-in looks up. */
  nameKey: string;
  role: StaffRole;
  /** The member's own mail address (lower-cased), where a newsletter test send goes; absent when unset. */
  email?: string;
  /** argon2id PHC string (password-hasher.ts); the password itself is never stored. */
  passwordHash: string;
  /** Base32 TOTP secret once confirmed; absent when the account has no second factor. */
  totpSecret?: string;
  /** A secret handed out for enrolment, active only once a code from it is confirmed. */
  totpPending?: string;
  /** The last TOTP time step accepted, so one code cannot sign in twice. */
  totpLastStep?: number;
  createdAt: string;
  updatedAt: string;
}
