import type { ArticleCollectedPayload } from '@pulse/contracts';
import { LlmError, type LanguageModel } from '@pulse/platform';
import {
  describeOutputError,
  TRANSLATION_OUTPUT_JSON_SCHEMA,
  translationOutputSchema,
  type TranslationOutput,
} from '../output/translation-output.schema';
import { buildPrompt, withCorrection } from '../prompt/build-prompt';
import type { TokenTally } from '../translation.record';

/** The first call and at most 2 corrections: after that the model is unlikely to fix it, and each costs. */
export const MAX_OUTPUT_ATTEMPTS = 3;

/** Failures of the answer itself, which a correction can fix; anything else is the transport's. */
const OUTPUT_ERROR_CODES = new Set(['malformed_output', 'bad_response', 'refused']);

export interface RewriteRun {
  calls: number;
  /** Tokens the server reported; a reply that was not JSON reports none through the port. */
  usage: TokenTally;
  model: string | null;
}

export type RewriteResult =
  | ({ kind: 'valid'; output: TranslationOutput } & RewriteRun)
  | ({ kind: 'invalid'; problem: string } & RewriteRun);

/** Thrown when the LLM could not be reached (after the adapter's own retries); carries what the run cost. */
export class RewriteUnavailableError extends Error {
  constructor(
    override readonly cause: LlmError,
    readonly run: RewriteRun,
  ) {
    super(`LLM unavailable: ${cause.message}`, { cause });
    this.name = 'RewriteUnavailableError';
  }
}

/**
 * One structured call, and on an output that is not valid JSON or breaks the schema, up to two more with
 * the problem fed back. Returns the parsed output (not yet sanitised or reviewed) or the last problem.
 */
export async function rewriteArticle(
  llm: LanguageModel,
  source: ArticleCollectedPayload,
  signal?: AbortSignal,
): Promise<RewriteResult> {
  const run: RewriteRun = { calls: 0, usage: { promptTokens: 0, completionTokens: 0 }, model: null };
  let prompt = buildPrompt(source);
  let problem = '';
  for (let attempt = 1; attempt <= MAX_OUTPUT_ATTEMPTS; attempt++) {
    run.calls += 1;
    let reply: string;
    try {
      const completion = await llm.complete({
        system: prompt.system,
        messages: prompt.messages,
        jsonSchema: TRANSLATION_OUTPUT_JSON_SCHEMA,
        temperature: 0.3,
        signal,
      });
      run.usage.promptTokens += completion.usage.promptTokens;
      run.usage.completionTokens += completion.usage.completionTokens;
      run.model = completion.model;
      const parsed = translationOutputSchema.safeParse(completion.json);
      if (parsed.success) return { kind: 'valid', output: parsed.data, ...run };
      problem = describeOutputError(parsed.error);
      reply = completion.text;
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      if (!OUTPUT_ERROR_CODES.has(error.code)) throw new RewriteUnavailableError(error, run);
      problem = error.message;
      reply = error.body ?? '';
    }
    prompt = withCorrection(buildPrompt(source), reply, problem);
  }
  return { kind: 'invalid', problem, ...run };
}
