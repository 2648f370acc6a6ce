import { CATEGORY_SLUGS, CONTENT_TYPES, SUMMARY_MAX_LENGTH } from '@pulse/contracts';
import { z } from 'zod';

/**
 * What the LLM must return for one article (docs/design.md §5): the Korean rewrite and its classification, in one
 * structured output. Bounds sit inside the article.translated contract, so a valid output always makes a
 * valid event.
 */
export const translationOutputSchema = z
  .object({
    title: z.string().trim().min(1).max(200).describe('Korean headline'),
    summary: z
      .string()
      .trim()
      .min(1)
      .max(SUMMARY_MAX_LENGTH)
      .describe(`Korean summary, at most ${SUMMARY_MAX_LENGTH} characters`),
    bodyHtml: z
      .string()
      .min(1)
      .max(200_000)
      .describe('Korean body as HTML (p, h2–h4, ul/ol/li, blockquote…)'),
    primaryCategory: z.enum(CATEGORY_SLUGS),
    secondaryCategory: z.enum(CATEGORY_SLUGS).nullable(),
    tags: z.array(z.string().trim().min(1).max(50)).max(10),
    contentType: z.enum(CONTENT_TYPES),
    keyInsights: z
      .array(z.string().trim().min(1).max(500))
      .max(3)
      .describe('2–3 key insights when contentType is insight, otherwise empty'),
    // Lenient on purpose: a wrong mapping costs the bilingual view only (alignment/alignment.ts checks it and
    // drops it), never the translation, so no shape of it fails the output or asks for a correction.
    paragraphSources: z
      .array(z.array(z.number().int()))
      .catch([])
      .describe(
        'one entry per paragraph of bodyHtml (each p, h2–h4, li, blockquote… in order): the numbers of the source_paragraphs it was written from',
      ),
  })
  .superRefine((output, ctx) => {
    // Rules JSON Schema strict mode cannot express; the retry feeds these messages back to the model.
    if (output.secondaryCategory === output.primaryCategory) {
      ctx.addIssue({
        code: 'custom',
        path: ['secondaryCategory'],
        message: 'must differ from primaryCategory (use null)',
      });
    }
    if (output.contentType === 'insight' && output.keyInsights.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['keyInsights'], message: 'an insight needs 2–3 key insights' });
    }
  });

export type TranslationOutput = z.output<typeof translationOutputSchema>;

/**
 * Keywords OpenAI's strict structured output rejects (length bounds, defaults) are left out of what is sent; zod
 * still enforces them on the reply.
 */
const UNSUPPORTED_KEYWORDS = new Set(['$schema', 'minLength', 'maxLength', 'default']);

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
export const TRANSLATION_OUTPUT_JSON_SCHEMA = {
  name: 'pulse_translation',
  schema: strip(z.toJSONSchema(translationOutputSchema, { io: 'output' })) as Record<string, unknown>,
};

/** A zod error as one line per issue, short enough to feed back to the model. */
export function describeOutputError(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}
