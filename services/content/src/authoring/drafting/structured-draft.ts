import { LlmDisabledError, LlmError, type ChatMessage, type LanguageModel } from '@pulse/platform';
import { z } from 'zod';

/** The first call and at most 2 corrections: after that the model is unlikely to fix it, and each costs. */
export const MAX_DRAFT_ATTEMPTS = 3;

/** Failures of the answer itself, which a correction can fix; anything else is the transport's. */
const OUTPUT_ERROR_CODES = new Set(['malformed_output', 'bad_response', 'refused']);

export interface DraftPrompt {
  system: string;
  messages: ChatMessage[];
}

/** The model's answer, validated and accepted by `accept`. */
export interface DraftResult<T> {
  value: T;
  model: string;
  calls: number;
}

/** No LLM is configured: nothing is drafted, nothing invented. */
export class DraftingDisabledError extends Error {}

/** The LLM could not be reached (after the adapter's own retries). */
export class DraftingUnavailableError extends Error {}

/** Every attempt's output broke the schema or a review rule; nothing is stored. */
export class DraftRejectedError extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

/**
 * One structured call; on output that is not JSON, breaks the schema or fails `accept` (which returns the
 * value to keep, or throws a problem as text), up to two more with the problem fed back. LLM output is
 * untrusted: only what `accept` returns leaves this function.
 */
export async function draftWithModel<S extends z.ZodType, T>(
  llm: LanguageModel,
  prompt: DraftPrompt,
  output: { name: string; schema: S },
  accept: (parsed: z.output<S>) => T,
): Promise<DraftResult<T>> {
  const jsonSchema = { name: output.name, schema: toStrictJsonSchema(output.schema) };
  let messages = prompt.messages;
  let problem = '';
  for (let attempt = 1; attempt <= MAX_DRAFT_ATTEMPTS; attempt++) {
    let reply = '';
    try {
      const completion = await llm.complete({
        system: prompt.system,
        messages,
        jsonSchema,
        temperature: 0.4,
      });
      reply = completion.text;
      const parsed = output.schema.safeParse(completion.json);
      if (parsed.success) {
        try {
          return { value: accept(parsed.data), model: completion.model, calls: attempt };
        } catch (error) {
          problem = error instanceof Error ? error.message : String(error);
        }
      } else {
        problem = describeProblem(parsed.error);
      }
    } catch (error) {
      if (error instanceof LlmDisabledError) throw new DraftingDisabledError(error.message);
      if (!(error instanceof LlmError)) throw error;
      if (!OUTPUT_ERROR_CODES.has(error.code)) throw new DraftingUnavailableError(error.message);
      problem = error.message;
      reply = error.body ?? '';
    }
    messages = [
      ...prompt.messages,
      { role: 'assistant', content: reply || '(empty reply)' },
      {
        role: 'user',
        content: `이전 응답이 검증에 실패했습니다. Your previous reply failed validation: ${problem}\n전체 JSON을 스키마에 맞게 다시 반환하세요. Return the complete corrected JSON only.`,
      },
    ];
  }
  throw new DraftRejectedError(problem);
}

/** A zod error as one line per issue, short enough to feed back to the model. */
export function describeProblem(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Keywords OpenAI's strict structured output rejects are left out of what is sent; zod still enforces
 * them on the reply.
 */
const UNSUPPORTED_KEYWORDS = new Set(['$schema', 'minLength', 'maxLength', 'pattern', 'format']);

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !UNSUPPORTED_KEYWORDS.has(key))
      .map(([key, value]) => [key, strip(value)]),
  );
}

/** The JSON Schema sent with the request, derived from the zod schema so the two cannot drift. */
export function toStrictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return strip(z.toJSONSchema(schema, { io: 'output' })) as Record<string, unknown>;
}

/**
 * Untrusted text must not be able to close its own delimiter: a body containing '</source>' would
 * otherwise end the block early and continue as if the site had written it.
 */
export const neutraliseDelimiters = (text: string): string =>
  text.replace(/<(\/?)(source|article)\b/gi, '&lt;$1$2');
