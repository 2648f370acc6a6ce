/**
 * Embedded document store bench: durable inserts at several concurrencies (each insert acknowledged
 * only after fdatasync; concurrent inserts share a flush, which is the group commit), then reads by
 * an indexed field against a scan, then the time to reopen (snapshot + log replay).
 *
 *   node -r @swc-node/register bench/store-embedded.ts [docs=20000] [dataDir=<os tmp>]
 *
 * Single process; the figures depend mostly on the disk's fsync latency, so run it on the disk the
 * store will use (pass dataDir).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore } from '@pulse/platform';

const DOCS = Number(process.argv[2] ?? 20_000);
const ROOT = process.argv[3] ?? os.tmpdir();

interface Article {
  _id: string;
  slug: string;
  category: string;
  views: number;
  title: string;
  publishedAt: string;
}

const CATEGORIES = ['ai', 'blockchain', 'bigtech', 'chips', 'cloud', 'security', 'mobility', 'policy'];

const article = (i: number): Article => ({
  _id: `art-${i}`,
  slug: `article-${i}`,
  category: CATEGORIES[i % CATEGORIES.length],
  views: (i * 7919) % 10_000,
  title: `생성형 AI 뉴스 ${i}: 엔비디아와 오픈AI의 새 모델 발표`,
  publishedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
});

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = process.hrtime.bigint();
  const result = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

/** Inserts `count` documents keeping `concurrency` inserts awaiting acknowledgement at any time. */
async function insertAll(store: EmbeddedDocumentStore, name: string, count: number, concurrency: number) {
  const articles = store.collection<Article>(name, {
    indexes: [{ key: { slug: 1 }, unique: true }, { key: { category: 1 } }],
  });
  let next = 0;
  const worker = async () => {
    while (next < count) await articles.insertOne(article(next++));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return articles;
}

async function opsPerSecond(label: string, rounds: number, op: (i: number) => Promise<unknown>) {
  const { ms } = await timed(async () => {
    for (let i = 0; i < rounds; i++) await op(i);
  });
  return { label, rounds, ms, perSecond: Math.round((rounds / ms) * 1000) };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(ROOT, 'pulse-store-bench-'));
  const rows: Array<[string, string]> = [];
  try {
    const store = await EmbeddedDocumentStore.open({ dataDir });
    for (const concurrency of [1, 16, 128]) {
      const count = concurrency === 1 ? Math.min(DOCS, 2_000) : DOCS;
      const { ms } = await timed(() => insertAll(store, `inserts_c${concurrency}`, count, concurrency));
      rows.push([
        `insertOne, ${concurrency} in flight (${count} docs)`,
        `${Math.round((count / ms) * 1000)} inserts/s`,
      ]);
    }
    const articles = store.collection<Article>(`inserts_c128`);

    const reads = [
      await opsPerSecond('findOne by unique indexed slug', 20_000, (i) =>
        articles.findOne({ slug: `article-${(i * 31) % DOCS}` }),
      ),
      await opsPerSecond('find by indexed category, newest 20', 2_000, (i) =>
        articles.find(
          { category: CATEGORIES[i % CATEGORIES.length] },
          { sort: { publishedAt: -1 }, limit: 20 },
        ),
      ),
      await opsPerSecond('findOne by _id', 20_000, (i) =>
        articles.findOne({ _id: `art-${(i * 31) % DOCS}` }),
      ),
      await opsPerSecond('find by unindexed views range (scan), top 20', 200, (i) =>
        articles.find({ views: { $gte: (i * 37) % 9_000 } }, { sort: { views: -1 }, limit: 20 }),
      ),
      await opsPerSecond('$inc views by _id (durable)', 2_000, (i) =>
        articles.updateOne({ _id: `art-${i % DOCS}` }, { $inc: { views: 1 } }),
      ),
    ];
    for (const row of reads) rows.push([`${row.label} (${row.rounds}×)`, `${row.perSecond} ops/s`]);
    await store.close();

    const files = fs.readdirSync(dataDir);
    const bytes = files.reduce((sum, file) => sum + fs.statSync(path.join(dataDir, file)).size, 0);
    const { ms: reopenMs } = await timed(async () => (await EmbeddedDocumentStore.open({ dataDir })).close());
    rows.push([
      `reopen (${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB)`,
      `${Math.round(reopenMs)} ms`,
    ]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(
    `embedded store bench — ${DOCS} docs, node ${process.version}, ${os.cpus().length} cpu, data in ${ROOT}`,
  );
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

void main();
