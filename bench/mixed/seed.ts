/**
 * What the mixed bench reads and writes on, created through the site's own API before the measured run:
 * questions with answers, article comment threads (comments with replies), and the pool of reader
 * identities whose writes are measured. Each author signs up from an address of its own (127.30/16 for
 * the seed's authors, 127.20/16 for the pool) and stays inside the site's default abuse limits.
 */
import { eventually } from '@pulse/testing';
import { addressIn, call, inParallel, type Reply } from './from-address';

export interface Identity {
  token: string;
  csrf: string;
  /** The content service's reader session (pulse_sid), which article views are counted by. */
  readerSession: string;
}

export interface Fixture {
  run: string;
  articleIds: string[];
  /** The articles whose comment threads are read, reacted to and commented on. */
  threadArticleIds: string[];
  questions: Array<{ id: string }>;
  answerIds: string[];
  /** The seeded comments and replies, the reactions' targets. */
  commentIds: string[];
}

const SEED_AUTHORS = 40;
const CATEGORIES = ['gen-ai', 'blockchain', 'big-tech', 'development', 'other'];

interface Author extends Identity {
  from: string;
}

function expect2xx(what: string, reply: Reply): Record<string, unknown> {
  if (reply.status < 200 || reply.status >= 300)
    throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return reply.body as Record<string, unknown>;
}

const dataOf = (body: Record<string, unknown>) => body.data as Record<string, unknown>;

/** A nickname identity signed up from `from`, with its CSRF value and a content reader session. */
export async function signUp(
  baseUrl: string,
  from: string,
  name: string,
  articleId: string,
): Promise<Author> {
  const reply = await call(baseUrl, 'POST', '/api/community/auth/anonymous', {
    from,
    body: { username: name },
  });
  expect2xx(`sign-up of ${name}`, reply);
  const session = await call(baseUrl, 'GET', `/api/interactions/status/${articleId}`, { from });
  expect2xx('reader session', session);
  if (!reply.cookies.pulse_community || !reply.cookies.pulse_csrf || !session.cookies.pulse_sid)
    throw new Error(`sign-up of ${name}: the credential, CSRF or reader-session cookie is missing`);
  return {
    from,
    token: reply.cookies.pulse_community,
    csrf: reply.cookies.pulse_csrf,
    readerSession: session.cookies.pulse_sid,
  };
}

/** A community write as the browser sends it: the credential cookie and the CSRF header. */
function post(baseUrl: string, author: Author, path: string, body: unknown): Promise<Reply> {
  return call(baseUrl, 'POST', path, {
    from: author.from,
    body,
    headers: {
      cookie: `pulse_community=${author.token}; pulse_csrf=${author.csrf}`,
      'x-csrf-token': author.csrf,
    },
  });
}

/**
 * Seeds `questions` questions with `answersEach` answers, and on `threads` articles `topComments` comments
 * each, the first two with a reply. The community learns of articles from the bus, so the first comment on
 * an article is retried until it knows it.
 */
export async function seedCommunity(
  baseUrl: string,
  articleIds: readonly string[],
  run: string,
  sizes = { questions: 24, answersEach: 3, threads: 10, topComments: 6 },
): Promise<Fixture> {
  const authors = await inParallel(
    Array.from({ length: SEED_AUTHORS }, (_, i) => i),
    8,
    (i) => signUp(baseUrl, addressIn(30, i), `글쓴이${run}${i}`, articleIds[0]),
  );
  let posts = 0;
  const nextAuthor = () => authors[posts++ % authors.length];
  const questions = await inParallel(
    Array.from({ length: sizes.questions }, (_, i) => i),
    8,
    async (i) => {
      const reply = await post(baseUrl, nextAuthor(), '/api/community/questions', {
        title: `혼합 부하 질문 ${run}-${i}: 긴 대화의 토큰 비용을 줄이는 방법`,
        content: `대화 기록이 길어질수록 토큰 비용이 늘어납니다. 요약과 캐시 중 무엇이 나을까요? 질문 ${i}, 실행 ${run}.`,
        category: CATEGORIES[i % CATEGORIES.length],
        tagIds: [],
        tags: ['ChatGPT', `태그${i % 7}`],
      });
      return { id: String(dataOf(expect2xx('question', reply)).id) };
    },
  );
  const answerIds = (
    await inParallel(
      questions.flatMap((question) => Array.from({ length: sizes.answersEach }, (_, i) => ({ question, i }))),
      8,
      async ({ question, i }) => {
        const reply = await post(baseUrl, nextAuthor(), `/api/community/questions/${question.id}/answers`, {
          content: `대화를 일정 길이마다 요약해 두면 비용이 꾸준히 줄어듭니다. 답변 ${i}, 질문 ${question.id}.`,
        });
        return String(dataOf(expect2xx('answer', reply)).id);
      },
    )
  ).flat();
  const threadArticleIds = articleIds.slice(0, sizes.threads);
  const commentIds = (
    await inParallel(threadArticleIds, 4, async (articleId) => {
      const ids: string[] = [];
      for (let i = 0; i < sizes.topComments; i += 1) {
        const body = { content: `이 기사의 요점이 잘 정리되어 있네요. 댓글 ${i}, 실행 ${run}.` };
        let reply: Reply | undefined;
        // The first comment waits until the community knows the article (404 before), any comment while
        // the community cannot reach content to check it (503). Each try spends its author's posting
        // budget, so each is made by the next author.
        await eventually(
          async () => {
            reply = await post(baseUrl, nextAuthor(), `/api/community/articles/${articleId}/comments`, body);
            if (reply.status === 503 || (reply.status === 404 && i === 0))
              throw new Error(`comment on ${articleId}: ${reply.status}`);
          },
          { timeoutMs: 180_000, intervalMs: 3_000 },
        );
        const id = String(dataOf(expect2xx('comment', reply!)).id);
        ids.push(id);
        if (i < 2) {
          const answer = await post(baseUrl, nextAuthor(), `/api/community/comments/${id}/replies`, {
            content: `동의합니다. 특히 두 번째 부분이 도움이 되었습니다. 답글 ${i}.`,
          });
          ids.push(String(dataOf(expect2xx('reply', answer)).id));
        }
      }
      return ids;
    })
  ).flat();
  return { run, articleIds: [...articleIds], threadArticleIds, questions, answerIds, commentIds };
}

/** The pool of `size` reader identities, each signed up from its own address. */
export async function createPool(
  baseUrl: string,
  size: number,
  run: string,
  articleId: string,
): Promise<Identity[]> {
  const authors = await inParallel(
    Array.from({ length: size }, (_, i) => i),
    16,
    (i) => signUp(baseUrl, addressIn(20, i), `독자${run}${i}`, articleId),
  );
  return authors.map(({ token, csrf, readerSession }) => ({ token, csrf, readerSession }));
}
