/**
 * `npm run bench:thread-queries`: what one uncached read of an article's comment thread costs the embedded
 * store, against the thread's size. A popular thread is purged by every comment and reaction on it, so in a
 * busy hour most of its reads are misses, and a miss that costs more as the thread grows is how the mixed
 * run (bench/mixed-soak.ts) drifts. The bench fills ARTICLES articles with N top-level comments each (every
 * tenth with a reply, every fiftieth deleted), then times the store work of one first page in each sort:
 * the page of threads and its count, the replies, and the article's visible count, with the community's own
 * filter, sorts and indexes (comments.repository.ts, comment-order.ts). Settings: SIZES (100,1000,5000), ARTICLES (10), ROUNDS (200 reads
 * per size and sort).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CommentSort } from '@pulse/contracts';
import { EmbeddedDocumentStore, type Collection, type Filter } from '@pulse/platform';
import { COMMENT_ORDER } from '@pulse/community/src/comments/comment-order';
import { COMMENT_INDEXES, COMMENTS, SHOWN } from '@pulse/community/src/comments/comments.repository';

/** A stored comment as the community writes it (comment.record.ts), reduced to what the reads look at. */
type CommentRecord = ReturnType<typeof comment>;

const SIZES = (process.env.SIZES ?? '100,1000,5000').split(',').map(Number);
const ARTICLES = Number(process.env.ARTICLES ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const SORTS: CommentSort[] = ['popular', 'latest', 'oldest', 'controversial'];
const PAGE = 20;

interface Parent {
  _id: string;
  ancestors: string[];
  rootId: string;
  depth: number;
}

function comment(articleId: string, i: number, parent: Parent | null) {
  const id = `${articleId}-${parent ? `${parent._id}-r` : ''}${i}`;
  const at = new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString();
  const likes = (i * 7) % 13;
  const dislikes = (i * 3) % 5;
  return {
    _id: id,
    articleId,
    parentId: parent?._id ?? null,
    ancestors: parent ? [...parent.ancestors, parent._id] : [],
    rootId: parent?.rootId ?? id,
    depth: parent ? parent.depth + 1 : 0,
    content: `${i}번째 댓글: 요약이 잘 되어 있어서 흐름을 따라가기 쉬웠습니다.`,
    authorId: `author-${i % 500}`,
    likes,
    dislikes,
    score: likes - dislikes,
    controversy: 0,
    visibleDescendants: 0,
    state: i % 50 === 49 ? 'deleted' : 'visible',
    createdAt: at,
    updatedAt: at,
  };
}

async function fill(comments: Collection<CommentRecord>, size: number, from: number): Promise<void> {
  for (let a = 0; a < ARTICLES; a++) {
    const articleId = `article-${a}`;
    for (let i = from; i < size; i++) {
      const top = comment(articleId, i, null);
      await comments.insertOne(top);
      if (i % 10 === 0) await comments.insertOne(comment(articleId, i, top));
    }
  }
}

/** The store work of CommentsService.list for one first page: threadPage, countVisible, repliesOf. */
async function readThread(comments: Collection<CommentRecord>, articleId: string, sort: CommentSort) {
  const threads: Filter = { articleId, depth: 0, ...SHOWN };
  const [items] = await Promise.all([
    comments.find(threads, { sort: COMMENT_ORDER[sort], skip: 0, limit: PAGE }),
    comments.countDocuments(threads),
    comments.countDocuments({ articleId, state: 'visible' }),
  ]);
  await comments.find(
    { rootId: { $in: items.map((top) => top._id) }, depth: { $gt: 0 }, ...SHOWN },
    { sort: COMMENT_ORDER[sort], limit: 5000 },
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-thread-queries-'));
  const store = await EmbeddedDocumentStore.open({ dataDir });
  const comments = store.collection<CommentRecord>(COMMENTS, {
    indexes: COMMENT_INDEXES,
  });
  console.log(
    `Thread reads on the embedded store: ${ARTICLES} articles, first page of ${PAGE}, ${ROUNDS} reads per sort (Node ${process.version})\n`,
  );
  console.log('| top-level comments per article | sort | ms per read (median) | ms per read (p95) |');
  console.log('|---:|---|---:|---:|');
  let filled = 0;
  try {
    for (const size of SIZES) {
      await fill(comments, size, filled);
      filled = size;
      for (const sort of SORTS) {
        const times: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const started = process.hrtime.bigint();
          await readThread(comments, `article-${round % ARTICLES}`, sort);
          times.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
        times.sort((a, b) => a - b);
        const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
        console.log(`| ${size.toLocaleString('en')} | ${sort} | ${at(0.5)} | ${at(0.95)} |`);
      }
    }
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
