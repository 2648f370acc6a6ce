/**
 * The community's large shared reads for `npm run bench:reads` (routes `thread`, `question`, `answers`):
 * one article holding 1,000 comments in a thread tree (100 top-level comments, each with three replies
 * that each go two levels deeper, as bench/community/reader-pages.k6.js writes them) and one question
 * holding 200 answers, all written through the gateway by a handful of anonymous identities. The site must
 * run with the community's write limits raised (COMMUNITY_WRITE_LIMITS_RAISED below).
 */

/** One load generator on one address writes 1,200 posts from 20 identities: the limits are lifted for it. */
export const COMMUNITY_WRITE_LIMITS_RAISED: Record<string, string> = {
  COMMUNITY_IDENTITIES_PER_IP_HOUR: '100000',
  COMMUNITY_POSTS_PER_IP_10MIN: '100000',
  COMMUNITY_POSTS_PER_IDENTITY_10MIN: '100000',
  COMMUNITY_VOTES_PER_IDENTITY_MINUTE: '100000',
  COMMUNITY_VOTES_PER_IP_MINUTE: '1000000',
};

const THREADS = 100;
const ANSWERS = 200;
const IDENTITIES = 20;

export interface CommunitySeed {
  /** The article whose comments number 1,000 more than before the seed. */
  articleId: string;
  questionId: string;
}

export async function seedCommunity(baseUrl: string, articleId: string): Promise<CommunitySeed> {
  const run = Date.now().toString(36);
  const tokens: string[] = [];
  const send = async (url: string, body: unknown, token?: string) => {
    const response = await fetch(baseUrl + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST ${url}: ${response.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: { id?: string; token?: string } }).data;
  };
  for (let i = 0; i < IDENTITIES; i += 1) {
    const { token } = await send('/api/community/auth/anonymous', { username: `읽기측정${run}${i}` });
    tokens.push(token!);
  }
  let written = 0;
  const post = async (url: string, body: unknown) => {
    written += 1;
    return (await send(url, body, tokens[written % tokens.length])).id!;
  };
  const questionId = await post('/api/community/questions', {
    title: `읽기 측정 질문 ${run}: 긴 대화의 토큰 비용을 줄이는 방법`,
    content: `대화 기록이 길어질수록 토큰 비용이 늘어납니다. 좋은 방법이 있을까요? 실행 ${run}.`,
    category: 'gen-ai',
    tagIds: [],
    tags: ['ChatGPT'],
  });
  for (let i = 1; i <= ANSWERS; i += 1)
    await post(`/api/community/questions/${questionId}/answers`, {
      content: `${i}번째 답변: 최근 메시지만 남기고 나머지는 요약해서 넣습니다. (${run})`,
    });
  for (let t = 0; t < THREADS; t += 1) {
    const top = await post(`/api/community/articles/${articleId}/comments`, {
      content: `읽기 측정 댓글 ${t}: 이번 발표가 업계에 미칠 영향이 궁금합니다. (${run})`,
    });
    for (let r = 0; r < 3; r += 1) {
      let parent = top;
      for (let depth = 1; depth <= 3; depth += 1)
        parent = await post(`/api/community/comments/${parent}/replies`, {
          content: `${t}-${r}-${depth} 답글`,
        });
    }
  }
  // Read back: a count or an answer list short of the seed would make the figures a smaller page's.
  const thread = (await (await fetch(`${baseUrl}/api/community/articles/${articleId}/comments`)).json()) as {
    data: { totalCount: number };
  };
  if (thread.data.totalCount < THREADS * 10)
    throw new Error(`the thread holds ${thread.data.totalCount} comments, expected at least ${THREADS * 10}`);
  const answers = (await (
    await fetch(`${baseUrl}/api/community/questions/${questionId}/answers?sortBy=popular`)
  ).json()) as { data: unknown[] };
  if (answers.data.length !== ANSWERS)
    throw new Error(`the question holds ${answers.data.length} answers, expected ${ANSWERS}`);
  return { articleId, questionId };
}
