import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** One service of a compose file, as the booter needs it: interpolated, anchors merged, forms normalised. */
export interface ComposeService {
  name: string;
  image?: string;
  build?: { args: Record<string, string> };
  /** Undefined: the image's. */
  entrypoint?: string[];
  command?: string[];
  /** `environment` over `env_file`; a name without a value and not set in the environment is left out. */
  environment: Record<string, string>;
  user?: string;
  hostname: string;
  dependsOn: { service: string; condition: DependsOnCondition }[];
  healthcheck?: Healthcheck;
  ports: { hostIp: string; published: number; target: number }[];
  /** Network → its aliases for this service. */
  networks: Record<string, string[]>;
  tmpfs: string[];
}

export type DependsOnCondition = 'service_started' | 'service_healthy' | 'service_completed_successfully';

export interface Healthcheck {
  /** argv: CMD's items, or `/bin/sh -c` and CMD-SHELL's string. */
  test: string[];
  intervalMs: number;
  timeoutMs: number;
  retries: number;
  startPeriodMs: number;
  /** Undefined: the engine's default. */
  startIntervalMs?: number;
}

export interface ComposeProject {
  name: string;
  services: ComposeService[];
  /** `${VAR}` read without a value or default (compose warns and uses ''). */
  unsetReferences: string[];
}

/** KEY=VALUE lines as an operator writes `.env` (comments, blank lines, optional quotes). */
export function parseDotEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at < 1) continue;
    const value = line.slice(at + 1).trim();
    env[line.slice(0, at).trim()] = value.replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

/**
 * Compose's interpolation of one string: `$$` is a literal `$`; `${VAR}` and `$VAR`; `${VAR:-default}` /
 * `${VAR-default}` (unset or empty / unset only); `${VAR:?error}` / `${VAR?error}` fail, naming VAR;
 * `${VAR:+alt}` / `${VAR+alt}`.
 */
export function interpolate(
  value: string,
  env: Record<string, string | undefined>,
  errors: string[],
  unset: Set<string>,
): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, colon?: string, op?: string, word?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare)!;
      const current = env[name];
      const missing = colon ? !current : current === undefined;
      if (op === '-') return missing ? interpolate(word ?? '', env, errors, unset) : current!;
      if (op === '?') {
        if (missing) errors.push(`${name}: ${word || 'required variable is missing a value'}`);
        return current ?? '';
      }
      if (op === '+') return missing ? '' : interpolate(word ?? '', env, errors, unset);
      if (current === undefined) unset.add(name);
      return current ?? '';
    },
  );
}

function interpolateTree(
  node: unknown,
  env: Record<string, string>,
  errors: string[],
  unset: Set<string>,
): unknown {
  if (typeof node === 'string') return interpolate(node, env, errors, unset);
  if (Array.isArray(node)) return node.map((item) => interpolateTree(item, env, errors, unset));
  if (node && typeof node === 'object')
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateTree(value, env, errors, unset)]),
    );
  return node;
}

/** Go-style durations of compose ('10s', '1m30s', '500ms'). */
export function durationMs(value: unknown, fallbackMs: number): number {
  if (value === undefined || value === null) return fallbackMs;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  const text = String(value);
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    total += Number(amount) * units[unit];
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(text)) throw new Error(`not a duration: ${text}`);
  return total;
}

const argv = (value: unknown): string[] | undefined =>
  value === undefined || value === null
    ? undefined
    : Array.isArray(value)
      ? value.map(String)
      : // The string form is split as a shell would split words (no quoting in this file).
        String(value).split(/\s+/).filter(Boolean);

function environmentOf(
  raw: Record<string, unknown>,
  dir: string,
  lookup: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  const files = raw.env_file === undefined ? [] : [raw.env_file].flat();
  for (const file of files as (string | { path: string; required?: boolean })[]) {
    const entry = typeof file === 'string' ? { path: file, required: true } : file;
    const full = path.resolve(dir, entry.path);
    if (!existsSync(full)) {
      if (entry.required === false) continue;
      throw new Error(`env_file ${entry.path} not found`);
    }
    Object.assign(env, parseDotEnv(readFileSync(full, 'utf8')));
  }
  const pairs: [string, unknown][] = Array.isArray(raw.environment)
    ? (raw.environment as string[]).map((item) => {
        const at = item.indexOf('=');
        return at < 0 ? [item, null] : [item.slice(0, at), item.slice(at + 1)];
      })
    : Object.entries((raw.environment as Record<string, unknown>) ?? {});
  for (const [key, value] of pairs) {
    // No value: passed through from the environment compose runs in (.env included), or left out.
    if (value === null || value === undefined) {
      if (lookup[key] !== undefined) env[key] = lookup[key];
    } else env[key] = String(value);
  }
  return env;
}

function portsOf(raw: unknown[] | undefined): ComposeService['ports'] {
  return (raw ?? []).map((entry) => {
    if (typeof entry === 'object' && entry) {
      const long = entry as { target: number; published?: string | number; host_ip?: string };
      return {
        hostIp: long.host_ip ?? '0.0.0.0',
        published: Number(long.published ?? long.target),
        target: long.target,
      };
    }
    const text = String(entry).replace(/\/tcp$/, '');
    if (text.includes('/')) throw new Error(`only TCP ports are modelled: ${text}`);
    const parts = text.split(':');
    const target = Number(parts.pop());
    const published = parts.length ? Number(parts.pop()) : target;
    return { hostIp: parts.pop() || '0.0.0.0', published, target };
  });
}

/**
 * Loads a compose file as `docker compose` would with `env` as its environment (the `.env` beside it plus
 * the shell): YAML anchors and merge keys resolved, every string interpolated. Each `${VAR:?…}` left
 * unset is an error naming VAR; all of them are reported at once.
 */
export function loadCompose(file: string, env: Record<string, string>): ComposeProject {
  const raw = parse(readFileSync(file, 'utf8'), { merge: true, maxAliasCount: -1 }) as Record<
    string,
    unknown
  >;
  const errors: string[] = [];
  const unset = new Set<string>();
  const doc = interpolateTree(raw, env, errors, unset) as {
    name?: string;
    services: Record<string, Record<string, any>>;
  };
  if (errors.length) throw new Error(`compose: ${errors.join('; ')}`);
  const dir = path.dirname(file);
  const services = Object.entries(doc.services).map(([name, s]): ComposeService => {
    const dependsOn = Array.isArray(s.depends_on)
      ? (s.depends_on as string[]).map((service) => ({ service, condition: 'service_started' as const }))
      : Object.entries((s.depends_on ?? {}) as Record<string, { condition?: DependsOnCondition }>).map(
          ([service, d]) => ({ service, condition: d.condition ?? 'service_started' }),
        );
    for (const dep of dependsOn)
      if (!doc.services[dep.service]) throw new Error(`${name}: depends_on names no service: ${dep.service}`);
    const hc = s.healthcheck as Record<string, unknown> | undefined;
    let healthcheck: Healthcheck | undefined;
    if (hc && !hc.disable) {
      const test = Array.isArray(hc.test) ? hc.test.map(String) : ['CMD-SHELL', String(hc.test)];
      if (test[0] !== 'NONE')
        healthcheck = {
          test: test[0] === 'CMD' ? test.slice(1) : ['/bin/sh', '-c', test.slice(1).join(' ')],
          intervalMs: durationMs(hc.interval, 30_000),
          timeoutMs: durationMs(hc.timeout, 30_000),
          retries: Number(hc.retries ?? 3),
          startPeriodMs: durationMs(hc.start_period, 0),
          startIntervalMs: hc.start_interval === undefined ? undefined : durationMs(hc.start_interval, 0),
        };
    }
    const networks = Array.isArray(s.networks)
      ? Object.fromEntries((s.networks as string[]).map((n) => [n, []]))
      : s.networks
        ? Object.fromEntries(
            Object.entries(s.networks as Record<string, { aliases?: string[] } | null>).map(([n, v]) => [
              n,
              v?.aliases ?? [],
            ]),
          )
        : { default: [] };
    return {
      name,
      image: s.image,
      build: s.build
        ? { args: Object.fromEntries(Object.entries(s.build.args ?? {}).map(([k, v]) => [k, String(v)])) }
        : undefined,
      entrypoint: argv(s.entrypoint),
      command: argv(s.command),
      environment: environmentOf(s, dir, env),
      user: s.user === undefined ? undefined : String(s.user),
      hostname: s.hostname ?? name,
      dependsOn,
      healthcheck,
      ports: portsOf(s.ports),
      networks,
      tmpfs: [s.tmpfs ?? []].flat().map(String),
    };
  });
  return { name: doc.name ?? path.basename(dir), services, unsetReferences: [...unset] };
}
