/**
 * Child process for embedded.durability.spec.ts: writes to an embedded store as fast as it can and
 * prints one line per acknowledged write, so the test can SIGKILL it mid-stream and then check that
 * every write it saw acknowledged survived.
 *
 *   node -r @swc-node/register durability-writer.fixture.ts <dataDir> insert|inc|open [inFlight] [compactAfterBytes]
 *
 * insert: inserts doc-0, doc-1, … and prints `ack doc-<n>` after each insert resolves.
 * inc:    increments one counter and prints `ack <n>` after each update resolves.
 * open:   opens the store, prints `opened` or `refused <ErrorName>`, and exits.
 *
 * Lines go out with process.stdout.write, which is synchronous for pipes on Linux: once a line is
 * printed it is in the pipe and survives the kill. inFlight bounds the writes awaiting an answer,
 * which bounds how far the counter may run ahead of the printed acknowledgements.
 */
import { EmbeddedDocumentStore } from './embedded.store';

async function main(): Promise<void> {
  const [dataDir, mode, inFlight, compactAfter] = process.argv.slice(2);
  if (mode === 'open') {
    try {
      await EmbeddedDocumentStore.open({ dataDir });
      process.stdout.write('opened\n');
    } catch (error) {
      process.stdout.write(`refused ${(error as Error).name}\n`);
    }
    process.exit(0);
  }
  const store = await EmbeddedDocumentStore.open({ dataDir, compactAfterBytes: Number(compactAfter) || undefined });
  const docs = store.collection<{ _id: string; seq: number; body: string }>('docs');
  const counters = store.collection<{ _id: string; n: number }>('counters');
  process.stdout.write('ready\n');
  let next = 0;
  const body = '펄스 durability '.repeat(8);
  const writeOne = async (): Promise<void> => {
    for (;;) {
      const seq = next++;
      if (mode === 'insert') {
        await docs.insertOne({ _id: `doc-${seq}`, seq, body });
        process.stdout.write(`ack doc-${seq}\n`);
      } else {
        await counters.updateOne({ _id: 'counter' }, { $inc: { n: 1 } }, { upsert: true });
        process.stdout.write(`ack ${seq}\n`);
      }
    }
  };
  // Runs until killed.
  await Promise.all(Array.from({ length: Number(inFlight) || 16 }, writeOne));
}

void main();
