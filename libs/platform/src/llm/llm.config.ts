import { z } from 'zod';

/** LLM and image-generation ports. With LLM_BASE_URL unset both are off: they say so and generate nothing. */
export const llmConfigSchema = z
  .object({
    LLM_BASE_URL: z
      .string()
      .url()
      .optional()
      .describe(
        'OpenAI-compatible API base URL, e.g. https://api.openai.com/v1. Unset: the LLM is off — nothing is translated or generated; collected items wait as translationStatus: pending.',
      ),
    LLM_API_KEY: z.string().optional().describe('Bearer token sent to LLM_BASE_URL (secret; never logged).'),
    LLM_MODEL: z
      .string()
      .optional()
      .describe(
        'Chat model that supports structured output (json_schema). Required when LLM_BASE_URL is set.',
      ),
    LLM_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(60_000)
      .describe('Timeout of one LLM or image request, in milliseconds.'),
    LLM_MAX_RETRIES: z.coerce
      .number()
      .int()
      .min(0)
      .max(10)
      .default(3)
      .describe(
        'Retries after a 408, 429, 5xx, timeout or network error (exponential backoff with jitter; Retry-After honoured). Never after another 4xx.',
      ),
    LLM_MAX_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .default(8)
      .describe(
        'LLM calls (and, apart, image calls) one process makes at once; the rest wait their turn. A consumer handles each of its Kafka partitions at once, so this, not BUS_PARTITIONS, sets the load one pod puts on the provider.',
      ),
    LLM_BREAKER_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(5)
      .describe(
        'Failed LLM or image calls in a row (each after its retries; timeouts, network errors, 408, 429, 5xx) that open the circuit: further calls fail at once as unavailable until LLM_BREAKER_COOL_DOWN_MS has passed, then one trial call decides.',
      ),
    LLM_BREAKER_COOL_DOWN_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(3_600_000)
      .default(30_000)
      .describe(
        'How long an open LLM or image circuit refuses calls before one trial call, in milliseconds.',
      ),
    IMAGE_MODEL: z
      .string()
      .optional()
      .describe('Image model at LLM_BASE_URL (POST /images/generations). Unset: image generation is off.'),
  })
  .superRefine((config, ctx) => {
    if (config.LLM_BASE_URL && !config.LLM_MODEL) {
      ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'is required when LLM_BASE_URL is set' });
    }
    if (config.IMAGE_MODEL && !config.LLM_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['LLM_BASE_URL'],
        message: 'is required when IMAGE_MODEL is set',
      });
    }
  });

export type LlmConfig = z.output<typeof llmConfigSchema>;
