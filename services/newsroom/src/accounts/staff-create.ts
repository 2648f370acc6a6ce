import { parseArgs } from 'node:util';
import { staffAccountCreateSchema, type StaffAccountCreate } from '@pulse/contracts';
import { StaffAudit, systemClock, type DocumentStore } from '@pulse/platform';
import { newsroomConfigSchema } from '../newsroom.config';
import { LoginFailuresRepository } from '../sessions/login-failures.repository';
import { StaffSessionsRepository } from '../sessions/staff-sessions.repository';
import { PasswordHasher } from './password-hasher';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { StaffAccountsService } from './staff-accounts.service';

export const STAFF_CREATE_USAGE = [
  'usage: npm run staff:create -- --name <name> --role owner|editor|moderator',
  'The password is read from STAFF_PASSWORD, or else from the first line of standard input',
  '(never from the command line, where the shell history and `ps` would keep it).',
  'Writes to the newsroom store (STORE_DRIVER, MONGO_URL, PULSE_DATA_DIR); the embedded store is locked',
  'while the site runs, so stop `npm start` first.',
].join('\n');

export class StaffCreateUsageError extends Error {}

/** The account a command line asks for, validated as the API validates it. */
export function parseStaffCreate(argv: readonly string[], password: string | undefined): StaffAccountCreate {
  let values;
  try {
    values = parseArgs({
      args: [...argv],
      options: { name: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    throw new StaffCreateUsageError(error instanceof Error ? error.message : String(error));
  }
  if (!values.name || !values.role) throw new StaffCreateUsageError('--name and --role are required');
  if (!password) throw new StaffCreateUsageError('no password: set STAFF_PASSWORD or pipe it on stdin');
  const parsed = staffAccountCreateSchema.safeParse({ name: values.name, role: values.role, password });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StaffCreateUsageError(`${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/** Creates the account in the newsroom store, through the same service the owner's API uses. */
export async function createStaffAccount(store: DocumentStore, input: StaffAccountCreate) {
  const accounts = new StaffAccountsService(
    new StaffAccountsRepository(store),
    new StaffSessionsRepository(store),
    new PasswordHasher(),
    new LoginFailuresRepository(store),
    systemClock,
    // Creating an account reads no session setting (only the staff list counts live sessions).
    newsroomConfigSchema.parse({}),
    // A command line is no staff request: there is no audit record for it to add to.
    new StaffAudit(),
  );
  return accounts.create(input);
}
