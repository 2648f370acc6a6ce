import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NICKNAME_ADJECTIVES, NICKNAME_JOBS } from '@pulse/contracts';
import { startCommunityTestApp, type CommunityTestApp } from '../../testing/community-test-app';
import type { IdentityRecord } from './identity.record';
import {
  INVISIBLE_IN_NICKNAME,
  MIXED_SCRIPT_NICKNAME,
  nicknameProblem,
  RESERVED_NICKNAME,
} from './nickname-rules';
import { NICKNAME_KEY_SCHEME, nicknameKey } from './nickname-skeleton';

describe('nickname rules', () => {
  it.each([
    ['홍길동\u3164', 'Hangul filler U+3164'],
    ['\u115f홍길동', 'Hangul choseong filler'],
    ['홍\u1160길동', 'Hangul jungseong filler'],
    ['홍길동\uffa0', 'half-width Hangul filler'],
    ['pulse\u200bfan', 'zero-width space'],
    ['ab\u200dcd', 'zero-width joiner'],
    ['dev\u202ekim', 'right-to-left override'],
    ['dev\u2066kim', 'left-to-right isolate'],
    ['dev\u00adkim', 'soft hyphen'],
    ['dev\u3000kim', 'ideographic space'],
    ['dev\u2800kim', 'braille blank'],
    ['a\u0301\u0301\u0301b', 'stacked combining marks'],
  ])('refuses invisible characters: %j (%s)', (name) => {
    expect(nicknameProblem(name)).toBe(INVISIBLE_IN_NICKNAME);
  });

  it.each(['p\u0430ypal', '\u0440ulse리더', '홍길동\u0430', 'Ελλaνικά', 'ひらがな한글'])(
    'refuses mixed scripts that read as another name: %j',
    (name) => expect(nicknameProblem(name)).toBe(MIXED_SCRIPT_NICKNAME),
  );

  it.each([
    '홍길동',
    '홍길동123',
    'Kim철수',
    '철수_dev',
    'React장인',
    '漢字한글abc',
    'ひらがなカタカナ漢字',
    'Иван',
    'naïve',
    'ｔｅｓｔ러',
    '김 철수',
    'badminton',
    '스트리머',
  ])('accepts what people in Korea write as a name: %j', (name) => {
    expect(nicknameProblem(name)).toBeNull();
  });

  it.each([
    '관리자',
    '운영자',
    '펄스',
    'pulse',
    'Admin',
    'moderator',
    '운영팀',
    '관리팀',
    '관 리 자',
    '펄스관리자',
    '관리자김',
    'admin_1',
    'adm1n',
    'ａｄｍｉｎ',
    'Ｐｕｌｓｅ',
    'pu1se',
    'rnoderator',
  ])('refuses reserved names and their look-alikes: %j', (name) => {
    expect(nicknameProblem(name)).toBe(RESERVED_NICKNAME);
  });

  it('lets every nickname the site suggests (randomNickname) through', () => {
    const refused = NICKNAME_ADJECTIVES.flatMap((adjective) =>
      NICKNAME_JOBS.map((job) => `${adjective}${job}${999}`),
    ).filter((name) => nicknameProblem(name) !== null);
    expect(refused).toEqual([]);
  });

  it('compares by confusable skeleton: full-width, Cyrillic and digit look-alikes share a key', () => {
    const key = nicknameKey('pulsefan');
    for (const lookAlike of ['PulseFan', 'ｐｕｌｓｅｆａｎ', '\u0440ulsefan', 'pu1sefan', 'pulsefan\u200b'])
      expect(nicknameKey(lookAlike)).toBe(key);
    expect(nicknameKey('pulsefen')).not.toBe(key);
    expect(nicknameKey('홍길동')).not.toBe(nicknameKey('홍길둥'));
  });
});

describe('sign-up: a look-alike of a live nickname is never shown as it', () => {
  let app: CommunityTestApp;
  const signUp = (username: string) =>
    app.request('POST', '/api/community/auth/anonymous', { body: { username } });

  beforeAll(async () => {
    app = await startCommunityTestApp();
  });
  afterAll(() => app.close());

  it("gives a full-width, upper-case or 'rn'-for-'m' look-alike of a live name a discriminator", async () => {
    const original = await app.signUp('devkim');
    expect(original.displayName).toBe('devkim');
    for (const lookAlike of ['ｄｅｖｋｉｍ', 'DEVKIM', 'devkirn']) {
      const clone = await signUp(lookAlike);
      expect(clone.status).toBe(201);
      expect(clone.body.data.user.displayName).toMatch(new RegExp(`^${lookAlike}#\\d{4}$`));
    }
  });

  it('refuses fillers, zero-width characters, mixed scripts and reserved names with a Korean 400', async () => {
    await app.signUp('조용한독자');
    for (const [name, message] of [
      ['조용한독자\u3164', INVISIBLE_IN_NICKNAME],
      ['조용한\u200b독자', INVISIBLE_IN_NICKNAME],
      ['d\u0435vkim', MIXED_SCRIPT_NICKNAME],
      ['관리자', RESERVED_NICKNAME],
      ['ａｄｍｉｎ', RESERVED_NICKNAME],
    ]) {
      const refused = await signUp(name);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(`username: ${message}`);
    }
  });

  it('lets two sign-ups of look-alikes racing each other end with one plain name', async () => {
    const replies = await Promise.all(['racekim', 'ｒａｃｅｋｉｍ'].map(signUp));
    const names = replies.map((reply) => reply.body.data.user.displayName as string).sort();
    expect(names.filter((name) => !name.includes('#'))).toHaveLength(1);
    expect(names.filter((name) => /#\d{4}$/.test(name))).toHaveLength(1);
  });
});

describe('nickname keys stored before the skeleton', () => {
  it('are rewritten on start, oldest first; a live look-alike clone gets a discriminator', async () => {
    // The folder is the test's, so closing the first app (a restart) keeps what it stored.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-nickname-keys-'));
    const first = await startCommunityTestApp({ dataDir });
    const old = (id: string, displayName: string, createdAt: string): IdentityRecord => ({
      _id: id,
      username: displayName,
      displayName,
      displayNameKey: displayName.normalize('NFKC').toLowerCase(),
      createdAt,
      lastActiveAt: createdAt,
      suspendedUntil: null,
      suspendedReason: null,
    });
    const identities = first.store.collection<IdentityRecord>('community_identities');
    await identities.insertOne(old('u_original', 'pulsefan', '2025-01-01T00:00:00.000Z'));
    await identities.insertOne(old('u_clone', '\u0440ulsefan', '2025-06-01T00:00:00.000Z'));
    await identities.insertOne(old('u_other', '밤새는개발자', '2025-03-01T00:00:00.000Z'));
    await first.close();
    const second = await startCommunityTestApp({ dataDir });
    try {
      const stored = await second.store
        .collection<IdentityRecord>('community_identities')
        .find({ _id: { $in: ['u_original', 'u_clone', 'u_other'] } });
      const byId = new Map(stored.map((record) => [record._id, record]));
      expect(byId.get('u_original')).toMatchObject({
        displayName: 'pulsefan',
        displayNameKey: nicknameKey('pulsefan'),
        displayNameKeyScheme: NICKNAME_KEY_SCHEME,
      });
      expect(byId.get('u_clone')!.displayName).toMatch(/^\u0440ulsefan#\d{4}$/);
      expect(byId.get('u_other')).toMatchObject({
        displayName: '밤새는개발자',
        displayNameKeyScheme: NICKNAME_KEY_SCHEME,
      });
      const late = await second.request('POST', '/api/community/auth/anonymous', {
        body: { username: 'PULSEFAN' },
      });
      expect(late.body.data.user.displayName).toMatch(/^PULSEFAN#\d{4}$/);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
