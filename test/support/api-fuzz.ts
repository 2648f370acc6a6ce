import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, startTs, type RunningProcess, untilReady } from './processes';

/**
 * Generated fuzzing of every documented operation with Schemathesis (PyPI), against the merged OpenAPI
 * the gateway serves at /api/docs. Used by test/system/api-fuzz.spec.ts (bounded) and
 * `npm run fuzz:api` (bench/api-fuzz.ts, long, with stateful links). docs/testing.md 'Generated API fuzzing'.
 */

export const FUZZ_ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';

/** The checks every response must pass: no 5xx, a documented status, a body matching its schema. */
export const FUZZ_CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'response_schema_conformance',
  'content_type_conformance',
];

/**
 * The site as `npm start` runs it, with the budgets for people raised: every generated request comes from
 * one address, far faster than a reader. Everything else keeps its default.
 */
export async function startFuzzSite(): Promise<{
  base: string;
  site: RunningProcess;
  stop(): Promise<void>;
}> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-fuzz-'));
  const site = startTs('embedded/src/main.ts', {
    PORT: String(port),
    PULSE_DATA_DIR: dataDir,
    DEMO_CORPUS: 'true',
    ADMIN_TOKEN: FUZZ_ADMIN_TOKEN,
    RATE_LIMIT_READ_PER_MIN: '1000000',
    RATE_LIMIT_WRITE_PER_MIN: '1000000',
    RATE_LIMIT_ADMIN_PER_MIN: '1000000',
    COMMUNITY_IDENTITIES_PER_IP_HOUR: '100000',
    COMMUNITY_POSTS_PER_IP_10MIN: '100000',
    COMMUNITY_POSTS_PER_IDENTITY_10MIN: '100000',
    COMMUNITY_VOTES_PER_IP_MINUTE: '1000000',
    COMMUNITY_VOTES_PER_IDENTITY_MINUTE: '100000',
    NEWSLETTER_SUBSCRIBES_PER_IP_HOUR: '1000000',
    CONTENT_SHARE_LIMIT_PER_HOUR: '1000',
  });
  const stop = async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilReady(site, base, { timeoutMs: 90_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, site, stop };
}

export interface FuzzOptions {
  base: string;
  maxExamples: number;
  phases: string[];
  seed?: number;
  /** Seconds for the whole of one pass (schemathesis --max-time); the long run repeats until spent. */
  maxTime?: number;
}

export interface FuzzPass {
  name: string;
  exitCode: number;
  output: string;
  operations: number;
  generated: number;
  seconds: number;
}

export interface FuzzResult {
  passes: FuzzPass[];
  /** Operations in the merged document. */
  documented: number;
  /** Distinct operations some pass tested. */
  covered: number;
  generated: number;
  seconds: number;
}

/** Signs up a community nickname and returns its bearer token. */
async function communityToken(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/community/auth/anonymous`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  const body = (await response.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`community sign-up answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** The Schemathesis processes still running, so a test cut off by its deadline can end them. */
const running = new Set<ChildProcess>();
let stopped = false;

/** Ends every Schemathesis process still running (a run whose test timed out), and starts no more. */
export function stopFuzzing(): void {
  stopped = true;
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

function runSchemathesis(config: string, args: string[]): Promise<{ exitCode: number; output: string }> {
  if (stopped) return Promise.reject(new Error('fuzzing was stopped'));
  const command = execFileSync('bash', [path.join(REPO_ROOT, 'scripts/ensure-schemathesis.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  return new Promise((resolve, reject) => {
    const child = spawn(command, ['--config-file', config, 'run', ...args], {
      cwd: mkdtempSync(path.join(os.tmpdir(), 'pulse-schemathesis-')),
      env: { ...process.env, NO_COLOR: '1', COLUMNS: '120', SCHEMATHESIS_TELEMETRY: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      running.delete(child);
      resolve({ exitCode: code ?? 1, output });
    });
  });
}

/** The merged OpenAPI, as far as the passes read it. */
interface FuzzDocument {
  paths: Record<string, Record<string, { operationId: string; 'x-access'?: 'admin' }>>;
}

/**
 * Operations that end the session they are called with (logout revokes the token, deleting one's
 * nickname erases it): each gets a pass and a nickname of its own, since after its first success every
 * later request of a shared pass would only be answered 401.
 */
const ENDS_ITS_SESSION: Record<string, { pass: string; nickname: string }> = {
  communityLogout: { pass: 'logout', nickname: '퍼징로그아웃' },
  deleteMe: { pass: 'delete-me', nickname: '퍼징탈퇴' },
};

/**
 * Every documented operation, in passes by credential: admin routes with the admin token, the rest with
 * a community member's token (reader routes ignore it), logout and deleting one's nickname each with a
 * token of its own (ENDS_ITS_SESSION), and everything once more with no credential at all (the 401s, and
 * the anonymous reader's paths).
 */
export async function fuzzApi(options: FuzzOptions): Promise<FuzzResult> {
  const started = Date.now();
  const document = (await (await fetch(`${options.base}/api/docs`)).json()) as FuzzDocument;
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  const operationIds = operations.map((operation) => operation.operationId);
  // Admin-only operations (an /admin/ path, or marked x-access, as ingestion's writes): the admin pass.
  const adminOnly = `^(${operations
    .filter((operation) => operation['x-access'] === 'admin')
    .map((operation) => operation.operationId)
    .join('|')})$`;
  const common = [
    `${options.base}/api/docs`,
    '--checks',
    FUZZ_CHECKS.join(','),
    '--max-examples',
    String(options.maxExamples),
    '--phases',
    options.phases.join(','),
    // One worker: Hypothesis's lambda-source cache is not thread-safe (a second worker fails at random
    // with "AST constructor recursion depth mismatch"), and the site has two cores to share anyway.
    '--workers',
    '1',
    '--seed',
    String(options.seed ?? 20_260_101),
    '--no-color',
    '--output-truncate',
    'true',
    '--suppress-health-check',
    'all',
    '--request-timeout',
    '30',
    ...(options.maxTime ? ['--max-time', String(options.maxTime)] : []),
  ];
  const passes: Array<{ name: string; args: string[] }> = [
    {
      name: 'admin',
      args: ['--include-operation-id-regex', adminOnly, '-H', `Authorization: Bearer ${FUZZ_ADMIN_TOKEN}`],
    },
    {
      name: 'member',
      args: [
        '--exclude-operation-id-regex',
        adminOnly,
        ...Object.keys(ENDS_ITS_SESSION).flatMap((id) => ['--exclude-operation-id', id]),
        '-H',
        `Authorization: Bearer ${await communityToken(options.base, '퍼징회원')}`,
      ],
    },
    ...(await Promise.all(
      Object.entries(ENDS_ITS_SESSION).map(async ([id, { pass, nickname }]) => ({
        name: pass,
        args: [
          '--include-operation-id',
          id,
          '-H',
          `Authorization: Bearer ${await communityToken(options.base, nickname)}`,
        ],
      })),
    )),
    { name: 'anonymous', args: [] },
  ];

  const config = await configWithSeededIds(options.base);
  const results: FuzzPass[] = [];
  const tested = new Set<string>();
  for (const pass of passes) {
    const passStarted = Date.now();
    const { exitCode, output } = await runSchemathesis(config, [...common, ...pass.args]);
    const selected = /Tested:\s+(\d+)/.exec(output);
    const generated = /(\d+) generated/.exec(output);
    results.push({
      name: pass.name,
      exitCode,
      output,
      operations: selected ? Number(selected[1]) : 0,
      generated: generated ? Number(generated[1]) : 0,
      seconds: Math.round((Date.now() - passStarted) / 1000),
    });
    for (const id of operationIds) if (passCovers(pass.name, id, document)) tested.add(id);
  }
  return {
    passes: results,
    documented: operationIds.length,
    covered: tested.size,
    generated: results.reduce((sum, pass) => sum + pass.generated, 0),
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

async function call<T>(
  base: string,
  method: string,
  pathname: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(base + pathname, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * test/support/schemathesis.toml plus ids that exist: random ids mostly answer 404, so half the time a
 * path id is one of the site's articles, analyses, or a question, answer and comment posted here by
 * another member (so the fuzzing member may vote on them). The 2xx bodies are then checked too.
 */
async function configWithSeededIds(base: string): Promise<string> {
  const author = await communityToken(base, '퍼징작성자');
  const news = await call<{ articles: Array<{ id: string }> }>(
    base,
    'GET',
    '/api/content/news?limit=5&offset=0',
    author,
  );
  const analyses = await call<{ analyses: Array<{ id: string; slug: string }> }>(
    base,
    'GET',
    '/api/tech-analysis?page=1&limit=5&lang=ko',
    author,
  );
  const articleIds = news.articles.map((article) => article.id);
  const sources = await call<Array<{ id: string }>>(base, 'GET', '/api/ingestion/sources', author);
  const question = await call<{ data: { id: string } }>(base, 'POST', '/api/community/questions', author, {
    title: '퍼징이 만든 질문입니다 — 무엇이든',
    content: '생성된 요청이 실제 질문에도 닿도록 미리 올려 둔 질문입니다.',
    category: 'other',
  });
  const answer = await call<{ data: { id: string } }>(
    base,
    'POST',
    `/api/community/questions/${question.data.id}/answers`,
    author,
    { content: '미리 올려 둔 답변입니다. 투표와 신고의 대상입니다.' },
  );
  const comment = await call<{ data: { id: string } }>(
    base,
    'POST',
    `/api/community/articles/${articleIds[0]}/comments`,
    author,
    { content: '미리 올려 둔 댓글입니다.' },
  );
  const dictionaries: Record<string, string[]> = {
    articles: articleIds,
    analysisIds: analyses.analyses.map((analysis) => analysis.id),
    analysisSlugs: analyses.analyses.map((analysis) => analysis.slug),
    questions: [question.data.id],
    answers: [answer.data.id],
    comments: [comment.data.id],
    sources: sources.map((source) => source.id),
  };
  const bindings: Array<[string, string, string]> = [
    [
      'articles',
      'id',
      '^(article|relatedArticles|articleView|articleShare|generateImage|likeStatus|commentList|createComment|adminInsight|updateInsight|publishInsight)$',
    ],
    ['analysisSlugs', 'slug', '^techAnalysis$'],
    [
      'analysisIds',
      'id',
      '^(techAnalysisLike|techAnalysisView|adminTechAnalysis|updateTechAnalysis|publishTechAnalysis)$',
    ],
    [
      'questions',
      'id',
      '^(question|answerList|createAnswer|questionVote|questionView|questionViewerVotes|reportQuestion|hideQuestion|restoreQuestion|acceptAnswer)$',
    ],
    ['answers', 'id', '^(answerVote|reportAnswer|hideAnswer|restoreAnswer)$'],
    ['answers', 'answerId', '^acceptAnswer$'],
    ['comments', 'id', '^(commentVote|createReply|reportComment|editComment|hideComment|restoreComment)$'],
    [
      'sources',
      'id',
      '^(ingestionSource|updateIngestionSource|deleteIngestionSource|pauseIngestionSource|resumeIngestionSource)$',
    ],
  ];
  const toml = [
    readFileSync(path.join(REPO_ROOT, 'test/support/schemathesis.toml'), 'utf8'),
    ...Object.entries(dictionaries)
      .filter(([, values]) => values.length > 0)
      .map(([name, values]) => `[dictionaries.${name}]\nvalues = ${JSON.stringify(values)}\n`),
    ...bindings
      .filter(([dictionary]) => dictionaries[dictionary].length > 0)
      .map(
        ([dictionary, parameter, operations]) =>
          `[[operations]]\ninclude-operation-id-regex = ${JSON.stringify(operations)}\n` +
          `parameters = { "path.${parameter}" = { dictionary = "${dictionary}", probability = 0.5 } }\n`,
      ),
  ].join('\n');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pulse-fuzz-config-')), 'schemathesis.toml');
  writeFileSync(file, toml);
  return file;
}

/** Whether a pass's filter selects an operation (mirrors the --include/--exclude arguments above). */
function passCovers(pass: string, operationId: string, document: FuzzDocument): boolean {
  const operation = Object.values(document.paths)
    .flatMap((item) => Object.values(item))
    .find((candidate) => candidate.operationId === operationId);
  if (!operation) return false;
  const admin = operation['x-access'] === 'admin';
  if (pass === 'admin') return admin;
  if (pass === 'member') return !admin && !(operationId in ENDS_ITS_SESSION);
  const own = Object.entries(ENDS_ITS_SESSION).find(([, session]) => session.pass === pass);
  if (own) return operationId === own[0];
  return true;
}

/** One paragraph per pass: what schemathesis printed when it failed, the summary line when it passed. */
export function describeFuzz(result: FuzzResult): string {
  return result.passes
    .map((pass) =>
      pass.exitCode === 0
        ? `${pass.name}: ${pass.operations} operations, ${pass.generated} requests, ${pass.seconds}s, no failure`
        : `${pass.name} FAILED (exit ${pass.exitCode}):\n${pass.output}`,
    )
    .join('\n\n');
}
