import type { z } from 'zod';
import { ConfigError } from './config-error';

type Env = Record<string, string | undefined>;
type SchemaMap = Record<string, z.ZodType>;
export type LoadedConfig<S extends SchemaMap> = { [K in keyof S]: z.output<S[K]> };

/**
 * Parses the environment against each port's schema. Each port owns its variables (bus.config.ts,
 * store.config.ts, …); a process reads only the ports it uses. Empty strings count as unset, which is
 * what `FOO=` in a compose file or a Kubernetes manifest means to an operator.
 */
export function loadConfig<S extends SchemaMap>(schemas: S, env: Env = process.env): LoadedConfig<S> {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const result = schema.safeParse(cleaned);
    if (!result.success) {
      const issue = result.error.issues[0];
      const variable = issue.path.length > 0 ? String(issue.path[0]) : name;
      const received = cleaned[variable];
      const problem = received === undefined ? issue.message : `${issue.message} (got '${received}')`;
      throw new ConfigError(variable, problem);
    }
    out[name] = result.data;
  }
  return out as LoadedConfig<S>;
}

/**
 * For main.ts files: load, or print the one-line reason and exit non-zero. Exiting here (not throwing
 * into Nest) keeps the log to a single line instead of a stack trace.
 */
export function loadConfigOrExit<S extends SchemaMap>(schemas: S, env: Env = process.env): LoadedConfig<S> {
  try {
    return loadConfig(schemas, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG from sysexits.h
    }
    throw error;
  }
}
