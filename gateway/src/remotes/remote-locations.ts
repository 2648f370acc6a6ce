import { readFileSync, statSync } from 'node:fs';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { GatewayConfig } from '../gateway.config';

/** The remotes by their federation names, as the shell's /env-config.json names them. */
export const REMOTE_NAMES = ['news', 'trending', 'tech_analysis', 'qa'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type RemoteUrls = Readonly<Record<RemoteName, string>>;

/** The remotes' locations as REMOTE_*_URL name them (RemoteLocations starts from these). */
export const remoteUrlsOf = (config: GatewayConfig): RemoteUrls => ({
  news: config.REMOTE_NEWS_URL,
  trending: config.REMOTE_TRENDING_URL,
  tech_analysis: config.REMOTE_TECH_ANALYSIS_URL,
  qa: config.REMOTE_QA_URL,
});

/** How often the locations file is looked at (its modification time), at most: the manifest poll's pace. */
export const LOCATIONS_RECHECK_MS = 10_000;

/** A manifest URL: an http(s) URL of another origin, or a path of this site. */
const manifestUrl = z
  .string()
  .max(2_000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s]*$/.test(value), {
    message: 'an http(s) URL or a path of this site starting with /',
  });
const locationsFileSchema = z.strictObject(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, manifestUrl.optional()])) as Record<
    RemoteName,
    z.ZodOptional<typeof manifestUrl>
  >,
);

/**
 * Where each remote is deployed (its manifest URL): REMOTE_*_URL at start, overridden by the JSON file
 * REMOTE_LOCATIONS_FILE names when there is one (`{ "qa": "https://…/mf-manifest.json" }`), which is read
 * again when it changes, so an operator points a remote at a new deployment without restarting the gateway
 * (on Kubernetes, a ConfigMap mounted as that file). A file that cannot be read or parsed leaves the last
 * good locations in place and is logged once per change. `version` moves whenever a location changes, so
 * what is derived from them (the CSP, the inlined runtime configuration) is derived again only then.
 */
export class RemoteLocations {
  private urls: RemoteUrls;
  private version = 0;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private fileStamp: string | undefined;

  constructor(
    private readonly defaults: RemoteUrls,
    private readonly file: string | undefined,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
    private readonly now: () => number = Date.now,
  ) {
    this.urls = defaults;
    this.check();
  }

  /** The locations now (the file looked at again once LOCATIONS_RECHECK_MS has passed). */
  current(): { urls: RemoteUrls; version: number } {
    if (this.now() - this.checkedAt >= LOCATIONS_RECHECK_MS) this.check();
    return { urls: this.urls, version: this.version };
  }

  private check(): void {
    this.checkedAt = this.now();
    if (!this.file) return;
    let stamp: string;
    try {
      const stat = statSync(this.file);
      stamp = `${stat.mtimeMs} ${stat.size}`;
    } catch {
      stamp = 'absent';
    }
    if (stamp === this.fileStamp) return;
    this.fileStamp = stamp;
    if (stamp === 'absent') return this.apply({}, 'absent: REMOTE_*_URL apply');
    try {
      const parsed = locationsFileSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
      this.apply(parsed.data, 'read');
    } catch (error) {
      this.logger.warn(
        { file: this.file, err: error instanceof Error ? error.message : String(error) },
        'remote locations file refused; the last good locations stay',
      );
    }
  }

  private apply(overrides: Partial<Record<RemoteName, string | undefined>>, what: string): void {
    const next = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, overrides[name] ?? this.defaults[name]]),
    ) as RemoteUrls;
    if (REMOTE_NAMES.every((name) => next[name] === this.urls[name])) return;
    this.urls = next;
    this.version += 1;
    this.logger.info({ file: this.file, remotes: next, what }, 'remote locations changed');
  }
}
