/**
 * Child process for embedded.durability.spec.ts: writes to an embedded store as fast as it can and
 * logs one line per acknowledged write, so the test can SIGKILL it mid-stream and then check that
 * every write it saw acknowledged survived.
 *
 *   node -r @swc-node/register durability-writer.fixture.ts <dataDir> <ackLog> insert|inc|open [inFlight] [compactAfterBytes]
 *
 * insert: inserts doc-0, doc-1, … and logs `doc-<n>` after each insert resolves.
 * inc:    increments one counter and logs `<n>` after each update resolves.
 * open:   opens the store, prints `opened` or `refused <ErrorName>` to stdout, and exits.
 *
 * Acknowledgements go to <ackLog> with fs.writeSync: once the call returns the line is in the page
 * cache and survives the kill (stdout would not do: a full pipe makes Node buffer in the process).
 * inFlight bounds the writes awaiting an answer, which bounds how far the store may run ahead of the
 * logged acknowledgements.
 */
import fs from 'node:fs';
import { EmbeddedDocumentStore } from '../../src/store/embedded/embedded.store';

async function main(): Promise<void> {
  const [dataDir, ackLog, mode, inFlight, compactAfter] = process.argv.slice(2);
  if (mode === 'open') {
    try {
      await EmbeddedDocumentStore.open({ dataDir });
      process.stdout.write('opened\n');
    } catch (error) {
      process.stdout.write(`refused ${(error as Error).name}\n`);
    }
    process.exit(0);
  }
  const store = await EmbeddedDocumentStore.open({
    dataDir,
    compactAfterBytes: Number(compactAfter) || undefined,
  });
  const docs = store.collection<{ _id: string; seq: number; body: string }>('docs');
  const counters = store.collection<{ _id: string; n: number }>('counters');
  const acks = fs.openSync(ackLog, 'a');
  let next = 0;
  const body = '펄스 durability '.repeat(8);
  const writeOne = async (): Promise<void> => {
    for (;;) {
      const seq = next++;
      if (mode === 'insert') {
        await docs.insertOne({ _id: `doc-${seq}`, seq, body });
        fs.writeSync(acks, `doc-${seq}\n`);
      } else {
        await counters.updateOne({ _id: 'counter' }, { $inc: { n: 1 } }, { upsert: true });
        fs.writeSync(acks, `${seq}\n`);
      }
    }
  };
  // Runs until killed.
  await Promise.all(Array.from({ length: Number(inFlight) || 16 }, writeOne));
}

void main();
