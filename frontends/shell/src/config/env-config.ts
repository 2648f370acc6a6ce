import { DEFAULT_REMOTE_LOCATIONS, REMOTE_NAMES, type RemoteLocations } from './remotes';

export const ENV_CONFIG_URL = '/env-config.json';

export interface ParsedEnvConfig {
  remotes: RemoteLocations;
  /** What was wrong with the file; each entry fell back to its default location. */
  problems: string[];
}

/** Reads `{ "remotes": { "<name>": "<mf-manifest.json URL>" } }`; unknown remotes are ignored. */
export function parseEnvConfig(raw: unknown): ParsedEnvConfig {
  const remotes: RemoteLocations = { ...DEFAULT_REMOTE_LOCATIONS };
  const given = isRecord(raw) ? raw['remotes'] : undefined;
  if (!isRecord(given)) return { remotes, problems: ['"remotes" is missing or not an object'] };
  const problems: string[] = [];
  for (const name of REMOTE_NAMES) {
    const url = given[name];
    if (typeof url === 'string' && url.trim() !== '') remotes[name] = url.trim();
    else problems.push(`remotes.${name} is missing or not a URL`);
  }
  return { remotes, problems };
}

/** The id of the data block in which the gateway inlines /env-config.json into every document. */
export const INLINE_ENV_CONFIG_ID = 'pulse-env-config';

/** The inlined configuration, or undefined when the document has none (a static host) or it is not JSON. */
export function readInlineEnvConfig(doc: Pick<Document, 'getElementById'> | undefined): unknown {
  const text = doc?.getElementById(INLINE_ENV_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The gateway's runtime configuration: inlined in the document when the gateway served it (no round trip
 * before the first render), else fetched from /env-config.json. Never throws: the site must start without it.
 */
export async function loadRemoteLocations(
  fetchImpl: typeof fetch = fetch,
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): Promise<RemoteLocations> {
  const inline = readInlineEnvConfig(doc);
  if (inline !== undefined) {
    const { remotes, problems } = parseEnvConfig(inline);
    if (problems.length === 0) return remotes;
  }
  let raw: unknown;
  try {
    // no-store: a redeployed remote must be picked up on the next page load, not after a cache expiry.
    const response = await fetchImpl(ENV_CONFIG_URL, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = await response.json();
  } catch (error) {
    console.warn(`[펄스] ${ENV_CONFIG_URL}을(를) 읽지 못해 기본 원격 모듈 위치를 사용합니다.`, error);
    return { ...DEFAULT_REMOTE_LOCATIONS };
  }
  const { remotes, problems } = parseEnvConfig(raw);
  if (problems.length > 0)
    console.warn(`[펄스] ${ENV_CONFIG_URL}: ${problems.join('; ')} — 기본값을 사용합니다.`);
  return remotes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
