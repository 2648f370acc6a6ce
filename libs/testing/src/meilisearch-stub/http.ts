import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors';

/** Meilisearch's answer to a missing or wrong API key, when the stub has one. */
export function checkAuth(req: IncomingMessage, apiKey: string | undefined): void {
  if (!apiKey) return;
  const header = req.headers.authorization;
  if (!header)
    throw new ApiError(
      401,
      'missing_authorization_header',
      'The Authorization header is missing. It must use the bearer authorization method.',
    );
  if (header !== `Bearer ${apiKey}`)
    throw new ApiError(403, 'invalid_api_key', 'The provided API key is invalid.');
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      .on('error', reject);
  });
}

export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'malformed_payload', 'The JSON payload is malformed.');
  }
}
