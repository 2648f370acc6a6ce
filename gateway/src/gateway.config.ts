import { z } from 'zod';

const upstreamUrl = (service: string, port: number) =>
  z
    .string()
    .url()
    .default(`http://127.0.0.1:${port}`)
    .describe(`Base URL of the ${service} service (gateway only; unused in embedded mode).`);

/** Where the gateway finds each service when they run as separate processes. */
export const gatewayConfigSchema = z.object({
  CONTENT_URL: upstreamUrl('content', 3101),
  INGESTION_URL: upstreamUrl('ingestion', 3102),
  TRANSLATION_URL: upstreamUrl('translation', 3103),
  TRENDING_URL: upstreamUrl('trending', 3104),
  COMMUNITY_URL: upstreamUrl('community', 3105),
  NEWSLETTER_URL: upstreamUrl('newsletter', 3106),
  UPSTREAM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(15_000)
    .describe('Gateway: time allowed for an upstream service to answer.'),
  FRONTENDS_DIR: z
    .string()
    .default('frontends')
    .describe(
      "Gateway: folder holding each front end's dist/ (served in embedded mode and by the gateway image).",
    ),
  REMOTE_NEWS_URL: z
    .string()
    .default('/remotes/news/mf-manifest.json')
    .describe('Gateway: manifest URL of the news remote, published to the shell in /env-config.json.'),
  REMOTE_TRENDING_URL: z
    .string()
    .default('/remotes/trending/mf-manifest.json')
    .describe('Gateway: manifest URL of the trending remote.'),
  REMOTE_TECH_ANALYSIS_URL: z
    .string()
    .default('/remotes/tech-analysis/mf-manifest.json')
    .describe('Gateway: manifest URL of the tech-analysis remote.'),
  REMOTE_QA_URL: z
    .string()
    .default('/remotes/qa/mf-manifest.json')
    .describe('Gateway: manifest URL of the qa (community) remote.'),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
