import { eventually } from '@pulse/testing';
import { SignJWT } from 'jose';
import {
  questionBody,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../testing/community-test-app';

/**
 * The hostile suite: acting as someone else, stuffing votes, evading the filter, injecting markup and
 * operators, oversize bodies. Never a 5xx, and never a count or post that changes when it should not.
 */
describe('community under hostile input', () => {
  let app: CommunityTestApp;
  let owner: TestIdentity;
  let other: TestIdentity;
  let questionId: string;
  let answerId: string;

  beforeAll(async () => {
    app = await startCommunityTestApp();
    owner = await app.signUp('질문주인');
    other = await app.signUp('다른사람');
    questionId = (
      await app.request('POST', '/api/community/questions', { body: questionBody(), headers: owner.bearer })
    ).body.data.id;
    answerId = (
      await app.request('POST', `/api/community/questions/${questionId}/answers`, {
        body: { content: '주인이 아닌 사람이 단 답변입니다.' },
        headers: other.bearer,
      })
    ).body.data.id;
    // The first question and first answer earn badges through the bus, a moment later: the suite's
    // before/after snapshots must not catch that arriving.
    await eventually(async () => {
      const { question, answers } = await state();
      const badges = (user: { badges: Array<{ id: string }> }) => user.badges.map((badge) => badge.id);
      expect(badges(question.user)).toContain('first-question');
      expect(badges(answers[0].user)).toContain('first-answer');
    });
  });
  afterAll(() => app.close());

  const state = async () => {
    const question = (await app.get(`/api/community/questions/${questionId}`)).body.data;
    const answers = (await app.get(`/api/community/questions/${questionId}/answers`)).body.data;
    const list = (await app.get('/api/community/questions')).body.data;
    return { question, answers, stats: list.stats, total: list.pagination.total };
  };

  const tokenFor = (claims: Record<string, unknown>, key: string, alg = 'HS256') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg })
      .setIssuer('pulse-community')
      .setSubject(owner.id)
      .sign(new TextEncoder().encode(key));

  it('answers a write with no credential 401 before it looks at the body, however bad the body is', async () => {
    const before = await state();
    const writes: Array<['POST', string]> = [
      ['POST', '/api/community/questions'],
      ['POST', `/api/community/questions/${questionId}/answers`],
      ['POST', `/api/community/questions/${questionId}/vote`],
      ['POST', `/api/community/questions/${questionId}/report`],
      ['POST', '/api/community/articles/some-article/comments'],
      ['POST', `/api/community/questions/${questionId}/answers/unknown/accept`],
    ];
    for (const [method, path] of writes)
      // (A body that is not JSON at all is refused by the HTTP layer's parser first, with 400.)
      for (const body of [{}, { title: 1, content: [], voteType: 'sideways', reason: 7 }])
        expect([method, path, (await app.request(method, path, { body })).status]).toEqual([
          method,
          path,
          401,
        ]);
    expect(await state()).toEqual(before);
  });

  it('names a bad path id in its 400, and with two problems answers the same one first as before', async () => {
    const badId = 'not an id!';
    const alone = await app.request('POST', `/api/community/questions/${encodeURIComponent(badId)}/answers`, {
      body: { content: '올바른 답변 내용입니다.' },
      headers: other.bearer,
    });
    expect([alone.status, alone.body.message]).toEqual([400, expect.stringMatching(/^id: /)]);
    // Both ids bad: the question's is named, as when the service looked the question up first.
    const bothIds = await app.request(
      'POST',
      `/api/community/questions/${encodeURIComponent(badId)}/answers/${encodeURIComponent(badId)}/accept`,
      { headers: owner.bearer },
    );
    expect([bothIds.status, bothIds.body.message]).toEqual([400, expect.stringMatching(/^id: /)]);
    // A bad body and a bad id: the body's 400, as when the body was piped and the id parsed in the service.
    const bodyAndId = await app.request(
      'POST',
      `/api/community/questions/${encodeURIComponent(badId)}/answers`,
      {
        body: { content: 7 },
        headers: other.bearer,
      },
    );
    expect([bodyAndId.status, bodyAndId.body.message]).toEqual([400, expect.stringMatching(/^content: /)]);
  });

  it('refuses forged, tampered, unsigned and foreign credentials, and ids in bodies or headers', async () => {
    const before = await state();
    const forged = await tokenFor({ sid: owner.sessionId }, 'x'.repeat(32));
    const [head, payload] = owner.token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const swapped = `${head}.${Buffer.from(JSON.stringify({ sub: other.id, sid: owner.sessionId, iss: 'pulse-community' })).toString('base64url')}.${owner.token.split('.')[2]}`;
    for (const token of [forged, unsigned, swapped, 'garbage', 'a.b.c', 'x'.repeat(10_000)]) {
      const del = await app.request('DELETE', `/api/community/questions/${questionId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(del.status).toBe(401);
    }
    const asHeader = await app.request('DELETE', `/api/community/questions/${questionId}`, {
      headers: { 'x-user-id': owner.id, 'x-anonymous-session': owner.sessionId },
    });
    expect(asHeader.status).toBe(401);
    // Another identity's own credential plus the owner's id in headers and body: still not the owner.
    const spoof = await app.request('DELETE', `/api/community/questions/${questionId}`, {
      headers: { ...other.bearer, 'x-user-id': owner.id, 'x-anonymous-session': owner.sessionId },
    });
    expect(spoof.status).toBe(403);
    const bodyId = await app.request('POST', '/api/community/questions', {
      body: questionBody({ userId: owner.id }),
      headers: other.bearer,
    });
    expect(bodyId.status).toBe(400);
    expect(bodyId.body).toMatchObject({ success: false, statusCode: 400, error: 'Bad Request' });
    expect(bodyId.body.message).toContain('userId');
    expect(await state()).toEqual(before);
  });

  it("refuses deleting or accepting someone else's post", async () => {
    const before = await state();
    expect(
      (await app.request('DELETE', `/api/community/questions/${questionId}`, { headers: other.bearer }))
        .status,
    ).toBe(403);
    expect(
      (await app.request('DELETE', `/api/community/answers/${answerId}`, { headers: owner.bearer })).status,
    ).toBe(403);
    expect(
      (
        await app.request('POST', `/api/community/questions/${questionId}/answers/${answerId}/accept`, {
          headers: other.bearer,
        })
      ).status,
    ).toBe(403);
    const elsewhere = (
      await app.request('POST', '/api/community/questions', { body: questionBody(), headers: other.bearer })
    ).body.data.id;
    const cross = await app.request(
      'POST',
      `/api/community/questions/${elsewhere}/answers/${answerId}/accept`,
      { headers: other.bearer },
    );
    expect(cross.status).toBe(404);
    const after = await state();
    expect(after.question).toEqual(before.question);
    expect(after.answers).toEqual(before.answers);
  });

  it('refuses a revoked session and a suspended identity', async () => {
    const leaving = await app.signUp('곧떠날사람');
    await app.request('POST', '/api/community/auth/logout', { headers: leaving.bearer });
    const revoked = await app.request('POST', `/api/community/questions/${questionId}/vote`, {
      body: { voteType: 'upvote' },
      headers: leaving.bearer,
    });
    expect(revoked.status).toBe(401);
    const banned = await app.signUp('정지될사람');
    const admin = { authorization: 'Bearer test-admin-token-0123456789' };
    expect(
      (
        await app.request('POST', `/api/community/admin/identities/${banned.id}/suspend`, {
          body: { reason: '도배' },
          headers: admin,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await app.request('POST', `/api/community/questions/${questionId}/vote`, {
          body: { voteType: 'upvote' },
          headers: banned.bearer,
        })
      ).status,
    ).toBe(401);
    // No vote record either, so no counter flush will ever move the count.
    expect(await app.store.collection('community_votes').countDocuments({ targetId: questionId })).toBe(0);
    expect((await state()).question.upvotes).toBe(0);
  });

  it('keeps one vote per identity, under concurrency too', async () => {
    const voter = await app.signUp('동시투표자');
    const votes = await Promise.all(
      Array.from({ length: 9 }, () =>
        app.request('POST', `/api/community/answers/${answerId}/vote`, {
          body: { voteType: 'upvote' },
          headers: voter.bearer,
        }),
      ),
    );
    expect(votes.every((vote) => vote.status === 200)).toBe(true);
    // Nine toggles: the vote ends up held, counted once (the count a counter flush after the record).
    const mine = (await app.get(`/api/community/questions/${questionId}/votes`, voter.bearer)).body.data
      .answers[answerId];
    await eventually(async () => {
      const answer = (await state()).answers.find((a: { id: string }) => a.id === answerId);
      expect(answer.upvotes).toBe(mine === 'upvote' ? 1 : 0);
      expect(answer.upvotes).toBeLessThanOrEqual(1);
      expect(answer.downvotes).toBe(0);
    });

    const crowd = await Promise.all(Array.from({ length: 12 }, (_, i) => app.signUp(`투표자${i}번`)));
    await Promise.all(
      crowd.map((who) =>
        app.request('POST', `/api/community/questions/${questionId}/vote`, {
          body: { voteType: 'upvote' },
          headers: who.bearer,
        }),
      ),
    );
    await eventually(async () => expect((await state()).question.upvotes).toBe(12));
    const own = await app.request('POST', `/api/community/questions/${questionId}/vote`, {
      body: { voteType: 'upvote' },
      headers: owner.bearer,
    });
    expect(own.status).toBe(403);
  });

  it('caps new identities per IP and votes per identity (429), without changing counts', async () => {
    const strict = await startCommunityTestApp({
      env: { COMMUNITY_IDENTITIES_PER_IP_HOUR: '3', COMMUNITY_VOTES_PER_IDENTITY_MINUTE: '4' },
    });
    try {
      const ip = '203.0.113.7';
      const made = [];
      for (let i = 0; i < 3; i += 1) made.push(await strict.signUp(`같은망사용자${i}`, ip));
      const fourth = await strict.request('POST', '/api/community/auth/anonymous', {
        body: { username: '같은망사용자4' },
        ip,
      });
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({ success: false, statusCode: 429 });
      expect(fourth.body.message).toContain('닉네임이 너무 많습니다');
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      const author = await strict.signUp('글쓴이', '198.51.100.1');
      const id = (
        await strict.request('POST', '/api/community/questions', {
          body: questionBody(),
          headers: author.bearer,
        })
      ).body.data.id;
      const statuses = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push(
          (
            await strict.request('POST', `/api/community/questions/${id}/vote`, {
              body: { voteType: 'upvote' },
              headers: made[0].bearer,
            })
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      // The refused fifth toggle would have left an upvote held (and owed to the count).
      expect(
        (await strict.get(`/api/community/questions/${id}/votes`, made[0].bearer)).body.data.question,
      ).toBe(null);
      await eventually(async () =>
        expect((await strict.get(`/api/community/questions/${id}`)).body.data.upvotes).toBe(0),
      );
    } finally {
      await strict.close();
    }
  });

  it('refuses a duplicate post and profanity, including the usual evasions', async () => {
    const poster = await app.signUp('중복작성자');
    const body = questionBody();
    expect(
      (await app.request('POST', '/api/community/questions', { body, headers: poster.bearer })).status,
    ).toBe(201);
    const again = await app.request('POST', '/api/community/questions', {
      body: { ...body, title: `  ${body.title}  ` },
      headers: poster.bearer,
    });
    expect(again.status).toBe(409);
    const before = (await state()).total;
    for (const evasion of [
      '시발',
      '시 1 발',
      'ㅅㅂ',
      '씨\u200b발',
      '씨ㅣㅣ발',
      'ｔｌｑｋｆ',
      '병.신',
      '개 새 끼',
    ]) {
      const ask = await app.request('POST', '/api/community/questions', {
        body: questionBody({ title: `이 질문 제목에는 ${evasion} 이 있어요` }),
        headers: poster.bearer,
      });
      expect([evasion, ask.status]).toEqual([evasion, 400]);
      expect(ask.body.message).toContain('부적절한 표현');
    }
    const nick = await app.request('POST', '/api/community/auth/anonymous', {
      body: { username: 'ㅂㅅ닉네임' },
    });
    expect(nick.status).toBe(400);
    const innocent = await app.request('POST', '/api/community/questions', {
      body: questionBody({ title: '시발점에서 출발하는 기차 노선 질문', tags: ['ㄱㅅ'] }),
      headers: poster.bearer,
    });
    expect(innocent.status).toBe(201);
    expect((await state()).total).toBe(before + 1);
  });

  it('stores markup as text and returns it as JSON, in every field', async () => {
    const writer = await app.signUp('<b>굵은</b>이름');
    const markup = '<script>alert(1)</script><img src=x onerror=alert(1)> [x](javascript:alert(1))';
    const created = await app.request('POST', '/api/community/questions', {
      body: questionBody({
        title: `제목 ${markup}`,
        content: `본문 ${markup} ${'설명 '.repeat(10)}`,
        tags: ['<i>태그</i>'],
      }),
      headers: writer.bearer,
    });
    expect(created.status).toBe(201);
    const answer = await app.request('POST', `/api/community/questions/${created.body.data.id}/answers`, {
      body: { content: `답변 ${markup}` },
      headers: other.bearer,
    });
    expect(answer.body.data.content).toBe(`답변 ${markup}`);
    const shown = await app.get(`/api/community/questions/${created.body.data.id}`);
    expect(shown.headers['content-type']).toContain('application/json');
    expect(shown.body.data.title).toBe(`제목 ${markup}`);
    expect(shown.body.data.tags).toEqual(['<i>태그</i>']);
    expect(shown.body.data.user.displayName).toBe('<b>굵은</b>이름');
  });

  it('refuses operator injection, wrong types and oversize bodies with 400/413, never a 5xx', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/community/questions', { ...questionBody(), title: { $gt: '' } }],
      ['POST', '/api/community/questions', { ...questionBody(), tags: [{ $ne: null }] }],
      ['POST', '/api/community/questions', { ...questionBody(), tags: ['a', 'b', 'c', 'd', 'e', 'f'] }],
      ['POST', '/api/community/questions', { ...questionBody(), tags: ['AI', 'AI'] }],
      ['POST', '/api/community/questions', { ...questionBody(), title: '가'.repeat(301) }],
      ['POST', '/api/community/questions', { ...questionBody(), content: '짧음' }],
      ['POST', '/api/community/questions', [1, 2]],
      ['POST', '/api/community/questions', 'not json'],
      ['POST', `/api/community/questions/${questionId}/answers`, { content: 'a'.repeat(5001) }],
      ['POST', `/api/community/questions/${questionId}/answers`, { content: { $ne: 1 } }],
      ['POST', `/api/community/questions/${questionId}/vote`, { voteType: 'downvote' }],
      ['POST', `/api/community/answers/${answerId}/vote`, { voteType: { $in: ['upvote'] } }],
      ['POST', `/api/community/questions/${questionId}/report`, { reason: 'spam', detail: 'x'.repeat(501) }],
      ['GET', '/api/community/questions?category[$ne]=x', undefined],
      ['GET', '/api/community/questions?sort=views', undefined],
      ['GET', '/api/community/questions?page=-1', undefined],
      ['GET', '/api/community/questions?limit=100000', undefined],
      ['GET', `/api/community/questions/${encodeURIComponent('{"$ne":1}')}`, undefined],
      ['GET', `/api/community/questions/${'x'.repeat(5000)}`, undefined],
      ['GET', `/api/community/questions/${questionId}/answers?sortBy[$gt]=`, undefined],
      ['DELETE', `/api/community/answers/${encodeURIComponent('$where')}`, undefined],
    ];
    const before = await state();
    for (const [method, url, body] of cases) {
      const response = await app.request(method as 'GET', url, { body, headers: owner.bearer });
      expect([method, url, response.status]).toEqual([
        method,
        url,
        response.status >= 400 && response.status < 500 ? response.status : 'not 4xx',
      ]);
    }
    const huge = await app.request('POST', '/api/community/questions', {
      body: questionBody({ content: '가'.repeat(2 * 1024 * 1024) }),
      headers: owner.bearer,
    });
    expect(huge.status).toBe(413);
    expect(await state()).toEqual(before);
  });

  it('keeps the admin API closed without the credential', async () => {
    const paths = ['/api/community/admin/moderation', '/api/community/admin/analytics'];
    for (const path of paths) {
      expect((await app.get(path)).status).toBe(401);
      expect((await app.get(path, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(403);
      expect((await app.get(path, owner.bearer)).status).toBe(403);
    }
    const hide = await app.request('POST', `/api/community/admin/questions/${questionId}/hide`, {
      headers: owner.bearer,
    });
    expect(hide.status).toBe(403);
    expect((await state()).question.id).toBe(questionId);
  });
});
