import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore } from '@pulse/platform';
import { PasswordHasher } from './password-hasher';
import { createStaffAccount, parseStaffCreate, StaffCreateUsageError } from './staff-create';

const PASSWORD = 'a long enough passphrase';

describe('npm run staff:create', () => {
  it('reads the name and role from the arguments and the password from elsewhere', () => {
    expect(parseStaffCreate(['--name', 'owner-lee', '--role', 'owner'], PASSWORD)).toEqual({
      name: 'owner-lee',
      role: 'owner',
      password: PASSWORD,
    });
  });

  it.each([
    [['--name', 'owner-lee', '--role', 'owner', '--password', PASSWORD], PASSWORD, /--password/],
    [['--name', 'owner-lee'], PASSWORD, /--name and --role are required/],
    [['--name', 'owner-lee', '--role', 'owner'], undefined, /STAFF_PASSWORD/],
    [['--name', 'owner-lee', '--role', 'chief'], PASSWORD, /^role: /],
    [['--name', 'owner-lee', '--role', 'owner'], 'short', /^password: /],
  ])('refuses %j (password %s)', (argv, password, message) => {
    expect(() => parseStaffCreate(argv, password)).toThrow(StaffCreateUsageError);
    expect(() => parseStaffCreate(argv, password)).toThrow(message);
  });

  it('creates the account in the store, with an argon2id hash of the password', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-staff-create-'));
    const store = await EmbeddedDocumentStore.open({ dataDir });
    try {
      const account = await createStaffAccount(store, {
        name: 'owner-lee',
        role: 'owner',
        password: PASSWORD,
      });
      expect(account).toMatchObject({ name: 'owner-lee', role: 'owner', activeSessions: 0 });
      const [stored] = await store
        .collection<{ _id: string; passwordHash: string }>('staff_accounts')
        .find({});
      expect(await new PasswordHasher().verify(stored.passwordHash, PASSWORD)).toBe(true);
      await expect(
        createStaffAccount(store, { name: 'Owner-Lee', role: 'editor', password: PASSWORD }),
      ).rejects.toThrow('이미 있는 이름입니다.');
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
