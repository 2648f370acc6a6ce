import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parsePurge, PURGE_CHANNEL, questionTag } from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { AnswersRepository } from '../answers/answers.repository';
import { CommentsRepository } from '../comments/comments.repository';
import { CommentPurges } from '../comments/comment-purges';
import { QuestionPurges } from '../questions/question-purges';
import type { QuestionRecord } from '../questions/question.record';
import { QuestionsRepository } from '../questions/questions.repository';
import {
  questionBody,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import { VoteCounters } from './vote-counters';
import type { VoteRecord } from './vote.record';
import { VotesRepository } from './votes.repository';

/** Long enough that a test's few sequential votes all land in one window, even on a loaded machine. */
const LONG_WINDOW = { COMMUNITY_COUNTER_FLUSH_MS: '1000' };

/**
 * Votes are recorded at once and their posts' counts follow in one write per post per window. These tests
 * stop the service where a crash could (after the records, after the counts' `$inc`) and start it again on
 * the same data: the counts converge to the records, each counted exactly once.
 */
describe('vote counters: batched behind the vote records, counted exactly once', () => {
  const dataDirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-counters-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const question = (app: CommunityTestApp, id: string) =>
    app.store.collection<QuestionRecord>('community_questions').findOne({ _id: id });
  const owed = (app: CommunityTestApp) =>
    app.store.collection<VoteRecord>('community_votes').countDocuments({ pending: true });
  const upvote = (app: CommunityTestApp, id: string, who: TestIdentity) =>
    app.request('POST', `/api/community/questions/${id}/vote`, {
      body: { voteType: 'upvote' },
      headers: who.bearer,
    });

  async function askWithVoters(app: CommunityTestApp, voters: number) {
    const asker = await app.signUp(`집계질문자${dataDirs.length}`);
    const others = [];
    for (let i = 0; i < voters; i += 1) others.push(await app.signUp(`집계투표자${dataDirs.length}${i}`));
    const asked = await app.request('POST', '/api/community/questions', {
      body: questionBody(),
      headers: asker.bearer,
    });
    return { id: asked.body.data.id as string, voters: others };
  }

  it('counts a window of votes in one write and one purge, each response showing the count so far', async () => {
    const app = await startCommunityTestApp({ dataDir: freshDir(), env: LONG_WINDOW });
    const listener = new MemoryCacheStore();
    const purged: string[][] = [];
    const stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
    try {
      const { id, voters } = await askWithVoters(app, 5);
      // The ask's own purge first, so only the votes' are counted below.
      await eventually(() => expect(purged.some((tags) => tags.includes(questionTag(id)))).toBe(true));
      purged.length = 0;
      const shown: number[] = [];
      for (const voter of voters) shown.push((await upvote(app, id, voter)).body.data.upvotes);
      expect(shown).toEqual([1, 2, 3, 4, 5]);
      expect((await question(app, id))?.upvotes).toBe(0);

      await eventually(async () => {
        const after = await question(app, id);
        expect([after?.upvotes, after?.popularity, after?.counterSeq, after?.counterFlush]).toEqual([
          5,
          5,
          1,
          null,
        ]);
        expect(await owed(app)).toBe(0);
      });
      await eventually(() => expect(purged.filter((tags) => tags.includes(questionTag(id)))).toHaveLength(1));

      // A withdrawal is owed and counted like a vote; the withdrawn record goes once counted.
      expect((await upvote(app, id, voters[0])).body.data).toEqual({ upvotes: 4, viewerVote: null });
      await eventually(async () => expect((await question(app, id))?.upvotes).toBe(4));
      const records = app.store.collection<VoteRecord>('community_votes');
      await eventually(async () => expect(await records.countDocuments({ targetId: id })).toBe(4));
    } finally {
      await stop();
      await listener.close();
      await app.close();
    }
  }, 30_000);

  it('stopped after the vote records, before their flush: the next start counts them once', async () => {
    const dataDir = freshDir();
    const first = await startCommunityTestApp({ dataDir, env: LONG_WINDOW });
    const { id, voters } = await askWithVoters(first, 3);
    for (const voter of voters) expect((await upvote(first, id, voter)).status).toBe(200);
    expect([(await question(first, id))?.upvotes, await owed(first)]).toEqual([0, 3]);
    await first.close();

    const second = await startCommunityTestApp({ dataDir, env: LONG_WINDOW });
    try {
      await eventually(async () => {
        expect((await question(second, id))?.upvotes).toBe(3);
        expect(await owed(second)).toBe(0);
      });
      expect(
        (await second.get(`/api/community/questions/${id}/votes`, voters[0].bearer)).body.data.question,
      ).toBe('upvote');
    } finally {
      await second.close();
    }
  });

  it('stopped after the counts moved, before the records were settled: the next start finishes without counting again', async () => {
    const dataDir = freshDir();
    const first = await startCommunityTestApp({ dataDir, env: { COMMUNITY_COUNTER_FLUSH_MS: '0' } });
    const { id, voters } = await askWithVoters(first, 2);
    // The process dies at its first record settle: the flush's $inc and its stored marks are on disk.
    jest.spyOn(first.app.get(VotesRepository), 'settle').mockRejectedValue(new Error('killed'));
    for (const voter of voters) expect((await upvote(first, id, voter)).status).toBe(200);
    const stranded = await question(first, id);
    expect(stranded?.upvotes).toBe(1);
    expect(stranded?.counterFlush?.marks).toHaveLength(1);
    expect(await owed(first)).toBe(2);
    await first.close();

    const second = await startCommunityTestApp({ dataDir, env: LONG_WINDOW });
    try {
      await eventually(async () => {
        expect(await owed(second)).toBe(0);
        const settled = await question(second, id);
        expect([settled?.upvotes, settled?.popularity, settled?.counterFlush]).toEqual([2, 2, null]);
      });
    } finally {
      await second.close();
    }
  });

  it('two flushers racing on one post (another replica, the sweep) count each record once', async () => {
    const app = await startCommunityTestApp({ dataDir: freshDir(), env: LONG_WINDOW });
    try {
      const { id, voters } = await askWithVoters(app, 4);
      for (const voter of voters) await upvote(app, id, voter);
      const own = app.app.get(VoteCounters);
      const replica = new VoteCounters(
        app.app.get(VotesRepository),
        app.app.get(QuestionsRepository),
        app.app.get(AnswersRepository),
        app.app.get(CommentsRepository),
        app.app.get(QuestionPurges),
        app.app.get(CommentPurges),
        { COMMUNITY_COUNTER_FLUSH_MS: 1000 },
      );
      await Promise.all([own.flush('question', id), replica.flush('question', id), replica.sweep()]);
      await Promise.all([own.flush('question', id), replica.flush('question', id)]);
      const after = await question(app, id);
      expect([after?.upvotes, after?.popularity, after?.counterFlush]).toEqual([4, 4, null]);
      expect(await owed(app)).toBe(0);
    } finally {
      await app.close();
    }
  });
});
