import type { RemoteName } from '../config/remotes';

export interface RemoteMount {
  /** A splat route: the remote's own <Routes> match the rest of the path. */
  path: string;
  remote: RemoteName;
  appProps?: Record<string, unknown>;
}

// Where each remote is mounted (docs/design.md §8). The news remote serves three sections; it is told which
// one, since its relative routes cannot see the prefix it was mounted under.
export const REMOTE_MOUNTS: readonly RemoteMount[] = [
  { path: '/news/*', remote: 'news', appProps: { section: 'news' } },
  { path: '/insights/*', remote: 'news', appProps: { section: 'insights' } },
  { path: '/analysis/*', remote: 'news', appProps: { section: 'analysis' } },
  { path: '/trending/*', remote: 'trending' },
  { path: '/tech-analysis/*', remote: 'tech_analysis' },
  { path: '/community/*', remote: 'qa' },
];

/** The mount a pathname falls under ('/trending', '/tech-analysis/some-slug'), if any. */
export function mountOf(pathname: string): RemoteMount | undefined {
  return REMOTE_MOUNTS.find(({ path }) => {
    const prefix = path.slice(0, -'/*'.length);
    return pathname === prefix || pathname.startsWith(`${prefix}/`);
  });
}
