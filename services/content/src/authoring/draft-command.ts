import { parseArgs } from 'node:util';
import { buildPath, ENDPOINTS, TECHNOLOGY_CATEGORY_VALUES, type ErrorBody } from '@pulse/contracts';

export const DRAFT_USAGE = [
  'usage: npm run draft -w @pulse/content -- insight --cluster <articleId>',
  '       npm run draft -w @pulse/content -- analysis --technology "<name>" [--category <category>]',
  `categories: ${TECHNOLOGY_CATEGORY_VALUES.join(', ')}`,
  'environment: ADMIN_TOKEN (required), PULSE_URL (default http://127.0.0.1:3000; or --url)',
].join('\n');

export type DraftRequest =
  | { kind: 'insight'; url: string; body: { articleId: string } }
  | { kind: 'analysis'; url: string; body: { technologyName: string; technologyCategory?: string } };

export class UsageError extends Error {}

/** The request a command line asks for; the service validates the values themselves. */
export function parseDraftArgs(argv: readonly string[], defaultUrl: string): DraftRequest {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        cluster: { type: 'string' },
        technology: { type: 'string' },
        category: { type: 'string' },
        url: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { positionals, values } = parsed;
  const url = (values.url ?? defaultUrl).replace(/\/+$/, '');
  if (positionals.length !== 1) throw new UsageError('say what to draft: insight or analysis');
  if (positionals[0] === 'insight') {
    if (!values.cluster) throw new UsageError('insight needs --cluster <articleId>');
    return { kind: 'insight', url, body: { articleId: values.cluster } };
  }
  if (positionals[0] === 'analysis') {
    if (!values.technology) throw new UsageError('analysis needs --technology "<name>"');
    return {
      kind: 'analysis',
      url,
      body: {
        technologyName: values.technology,
        ...(values.category ? { technologyCategory: values.category } : {}),
      },
    };
  }
  throw new UsageError(`unknown draft kind '${positionals[0]}': insight or analysis`);
}

interface DraftAnswer {
  id: string;
  title: string;
  slug?: string;
}

/**
 * A thin client of the admin draft endpoints (the service does the work, with its LLM configuration):
 * sends the request, prints the stored draft or the service's error. Returns the exit code.
 */
export async function runDraftCommand(
  argv: readonly string[],
  options: { env: NodeJS.ProcessEnv; write: (line: string) => void; fetch?: typeof fetch },
): Promise<number> {
  const { env, write } = options;
  let request: DraftRequest;
  try {
    request = parseDraftArgs(argv, env.PULSE_URL ?? 'http://127.0.0.1:3000');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    write(`${error.message}\n${DRAFT_USAGE}`);
    return 2;
  }
  if (!env.ADMIN_TOKEN) {
    write(`ADMIN_TOKEN is not set: the draft endpoints are admin-only.\n${DRAFT_USAGE}`);
    return 2;
  }
  const endpoint = request.kind === 'insight' ? ENDPOINTS.draftInsight : ENDPOINTS.draftAnalysis;
  write(`drafting ${request.kind} (${JSON.stringify(request.body)}) via ${request.url} …`);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${request.url}${endpoint.path}`, {
      method: endpoint.method,
      headers: { authorization: `Bearer ${env.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    });
  } catch (error) {
    write(`cannot reach ${request.url}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const body = (await response.json().catch(() => null)) as (DraftAnswer & Partial<ErrorBody>) | null;
  if (!response.ok || !body) {
    write(`failed (${response.status}): ${body?.message ?? response.statusText}`);
    return 1;
  }
  const adminPath =
    request.kind === 'insight'
      ? buildPath(ENDPOINTS.adminInsight.path, { id: body.id })
      : buildPath(ENDPOINTS.adminTechAnalysis.path, { id: body.id });
  write(`초안 저장됨 (draft stored, not published): ${body.id} — ${body.title}`);
  write(`review: GET ${adminPath}; edit: PATCH ${adminPath}; publish: POST ${adminPath}/publish`);
  return 0;
}
