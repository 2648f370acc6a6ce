import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import { EmbeddedDocumentStore } from './embedded.store';
import { LOCK_FILE } from './data-dir.lock';

const FIXTURE = path.join(__dirname, '../../../testing/store/durability-writer.fixture.ts');
const REPO_ROOT = path.resolve(__dirname, '../../../../..');
/** Writes the child keeps awaiting at once: the most the store may hold beyond what it acknowledged. */
const IN_FLIGHT = 16;
/** Small, so the child compacts several times and the kill can land in the middle of a compaction. */
const COMPACT_AFTER_BYTES = 64 * 1024;
const ACKS_BEFORE_KILL = 2_000;

interface Writer {
  child: ChildProcess;
  closed: Promise<void>;
  output: () => string;
}

/** The child logs each acknowledged write to ackLog; stdout carries only the 'open' mode's answer. */
function startWriter(dataDir: string, ackLog: string, mode: 'insert' | 'inc' | 'open'): Writer {
  const args = [
    '-r',
    '@swc-node/register',
    FIXTURE,
    dataDir,
    ackLog,
    mode,
    String(IN_FLIGHT),
    String(COMPACT_AFTER_BYTES),
  ];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return { child, closed, output: () => output };
}

const readAcks = (ackLog: string): string[] =>
  fs.existsSync(ackLog) ? fs.readFileSync(ackLog, 'utf8').split('\n').filter(Boolean) : [];

/** Lets the child write until it has logged ACKS_BEFORE_KILL acknowledgements, then SIGKILLs it. */
async function runAndKill(dataDir: string, mode: 'insert' | 'inc'): Promise<string[]> {
  const ackLog = `${dataDir}.acks`;
  const writer = startWriter(dataDir, ackLog, mode);
  try {
    await eventually(
      () => {
        if (writer.child.exitCode !== null) throw new Error(`writer exited early: ${writer.output()}`);
        expect(readAcks(ackLog).length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
      },
      { timeoutMs: 60_000, intervalMs: 5 },
    );
  } finally {
    writer.child.kill('SIGKILL');
    await writer.closed;
  }
  expect(writer.child.signalCode).toBe('SIGKILL');
  // The dead writer's lock is still there: reopening below must take it over.
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
  const acks = readAcks(ackLog);
  fs.rmSync(ackLog);
  return acks;
}

describe('embedded store durability', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-store-durability-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('embedded store durability: SIGKILL mid-write loses no acknowledged insert', async () => {
    const acked = await runAndKill(dataDir, 'insert');
    // The child compacted at least once, so recovery read a snapshot plus a log.
    expect(fs.existsSync(path.join(dataDir, 'docs.snapshot.jsonl'))).toBe(true);

    const store = await EmbeddedDocumentStore.open({ dataDir });
    try {
      const docs = store.collection<{ _id: string; seq: number }>('docs');
      const stored = new Set((await docs.find({}, { projection: { _id: 1 } })).map((doc) => doc._id));
      const lost = acked.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      // Unacknowledged writes may or may not have landed, but never more than were in flight.
      expect(stored.size).toBeLessThanOrEqual(acked.length + IN_FLIGHT);
      await expect(store.check()).resolves.toEqual({ ok: true });
      await docs.insertOne({ _id: 'after-restart', seq: -1 });
    } finally {
      await store.close();
    }
  }, 90_000);

  it('embedded store durability: SIGKILL mid-write loses no acknowledged $inc', async () => {
    const acked = await runAndKill(dataDir, 'inc');

    const store = await EmbeddedDocumentStore.open({ dataDir });
    try {
      const counter = await store
        .collection<{ _id: string; n: number }>('counters')
        .findOne({ _id: 'counter' });
      expect(counter!.n).toBeGreaterThanOrEqual(acked.length);
      expect(counter!.n).toBeLessThanOrEqual(acked.length + IN_FLIGHT);
    } finally {
      await store.close();
    }
  }, 90_000);

  it('a second process cannot open a folder in use, and can once it is released', async () => {
    const store = await EmbeddedDocumentStore.open({ dataDir });
    const refused = startWriter(dataDir, '/dev/null', 'open');
    await refused.closed;
    expect(refused.output()).toContain('refused StoreLockedError');
    await store.close();
    const opened = startWriter(dataDir, '/dev/null', 'open');
    await opened.closed;
    expect(opened.output()).toContain('opened');
  }, 60_000);
});
