// The remotes the shell knows how to mount. Names are module federation container names, so they must
// match each remote's rspack config; their URLs come from /env-config.json.
export const REMOTE_NAMES = ['news', 'trending', 'tech_analysis', 'qa'] as const;

export type RemoteName = (typeof REMOTE_NAMES)[number];

export type RemoteLocations = Record<RemoteName, string>;

// Same-origin paths the gateway serves each remote's dist under in embedded mode. Kept equal to
// public/env-config.json (a spec checks it), so a missing or broken config file still gives a working site.
export const DEFAULT_REMOTE_LOCATIONS: RemoteLocations = {
  news: '/remotes/news/mf-manifest.json',
  trending: '/remotes/trending/mf-manifest.json',
  tech_analysis: '/remotes/tech-analysis/mf-manifest.json',
  qa: '/remotes/qa/mf-manifest.json',
};
