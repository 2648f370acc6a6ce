import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoreLockedError } from '../store.errors';
import {
  BACKUP_MANIFEST,
  BackupRefusedError,
  backupDataDir,
  restoreDataDir,
  verifyBackup,
} from './data-backup';
import { EmbeddedDocumentStore } from './embedded.store';

const NOW = new Date('2026-11-29T04:00:00.000Z');

interface Article {
  _id: string;
  title: string;
  views: number;
  tags: string[];
}

/** A data folder as `npm start` leaves it: two services' stores (compacted and not) and a mail drop. */
async function fillDataDir(dataDir: string): Promise<Article[]> {
  // Small compaction threshold: the articles end up part in a snapshot, part in the log.
  const content = await EmbeddedDocumentStore.open({
    dataDir: path.join(dataDir, 'content'),
    compactAfterBytes: 4_096,
  });
  const articles = content.collection<Article>('articles', { indexes: [{ key: { views: -1 } }] });
  for (let i = 0; i < 120; i++)
    await articles.insertOne({ _id: `a${i}`, title: `펄스 기사 ${i}`, views: i, tags: ['ai'] });
  await articles.updateOne({ _id: 'a7' }, { $inc: { views: 1000 } });
  await articles.deleteOne({ _id: 'a8' });
  const kept = await articles.find({}, { sort: { _id: 1 } });
  await content.close();
  const community = await EmbeddedDocumentStore.open({ dataDir: path.join(dataDir, 'community') });
  await community
    .collection<{ _id: string; nickname: string }>('identities')
    .insertOne({ _id: 'i1', nickname: '펄스독자' });
  await community.close();
  fs.mkdirSync(path.join(dataDir, 'newsletter', 'mail-drop'), { recursive: true });
  fs.writeFileSync(
    path.join(dataDir, 'newsletter', 'mail-drop', 'welcome.eml'),
    'Subject: 환영합니다\n\n본문\n',
  );
  return kept;
}

describe('data folder backup and restore (embedded site)', () => {
  let root: string;
  let dataDir: string;
  let articles: Article[];

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-backup-'));
    dataDir = path.join(root, 'data');
    articles = await fillDataDir(dataDir);
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('restores every document, index and file, and the restored folder opens as the stores it was', async () => {
    const manifest = backupDataDir(dataDir, path.join(root, 'backup'), NOW);
    expect(manifest.stores).toEqual([
      { path: 'community', collections: [{ name: 'identities', documents: 1 }] },
      { path: 'content', collections: [{ name: 'articles', documents: 119 }] },
    ]);
    expect(manifest.files.map((file) => file.path)).toEqual([
      'community/identities.snapshot.jsonl',
      'content/articles.snapshot.jsonl',
      'newsletter/mail-drop/welcome.eml',
    ]);

    const restored = path.join(root, 'restored');
    restoreDataDir(path.join(root, 'backup'), restored);
    const content = await EmbeddedDocumentStore.open({ dataDir: path.join(restored, 'content') });
    const collection = content.collection<Article>('articles');
    expect(await collection.find({}, { sort: { _id: 1 } })).toEqual(articles);
    expect((await collection.find({}, { sort: { views: -1 }, limit: 1 }))[0]._id).toBe('a7');
    await content.close();
    expect(fs.readFileSync(path.join(restored, 'newsletter', 'mail-drop', 'welcome.eml'), 'utf8')).toContain(
      '환영합니다',
    );
  });

  it('refuses while a store is open (the site runs), and writes nothing', async () => {
    const running = await EmbeddedDocumentStore.open({ dataDir: path.join(dataDir, 'content') });
    try {
      expect(() => backupDataDir(dataDir, path.join(root, 'backup'), NOW)).toThrow(StoreLockedError);
      expect(fs.existsSync(path.join(root, 'backup'))).toBe(false);
    } finally {
      await running.close();
    }
  });

  it('refuses a damaged, incomplete or padded backup, naming the file, before writing anything', () => {
    const backup = path.join(root, 'backup');
    backupDataDir(dataDir, backup, NOW);
    const snapshot = path.join(backup, 'content', 'articles.snapshot.jsonl');
    const original = fs.readFileSync(snapshot, 'utf8');

    fs.writeFileSync(snapshot, original.replace('펄스 기사 3', '펄스 기사 X'));
    expect(() => restoreDataDir(backup, path.join(root, 'restored'))).toThrow(
      new BackupRefusedError('content/articles.snapshot.jsonl differs from the manifest (damaged or edited)'),
    );
    expect(fs.existsSync(path.join(root, 'restored'))).toBe(false);

    fs.rmSync(snapshot);
    expect(() => verifyBackup(backup)).toThrow('content/articles.snapshot.jsonl is missing from the backup');

    fs.writeFileSync(snapshot, original);
    fs.writeFileSync(path.join(backup, 'content', 'extra.wal.jsonl'), '');
    expect(() => verifyBackup(backup)).toThrow(
      'content/extra.wal.jsonl is in the backup but not in its manifest',
    );
  });

  it('never overwrites: a backup goes into a new folder, a restore into an empty one', () => {
    const backup = path.join(root, 'backup');
    backupDataDir(dataDir, backup, NOW);
    expect(() => backupDataDir(dataDir, backup, NOW)).toThrow(BackupRefusedError);
    expect(() => restoreDataDir(backup, dataDir)).toThrow(/is not empty: move it aside/);
    expect(() => verifyBackup(dataDir)).toThrow(`${path.join(dataDir, BACKUP_MANIFEST)} is missing`);
  });
});
