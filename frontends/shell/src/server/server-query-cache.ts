import { QueryCache } from '@pulse/frontend-ui';

/** One request's cache on the server: the reads a render wanted and found no answer for, by key. */
export class ServerQueryCache extends QueryCache {
  readonly unanswered = new Map<string, string>();
  /** Keys already fetched for this request (answered or not), so a failed read is not tried again. */
  private readonly tried = new Set<string>();

  override noteRead(key: string, path: string): void {
    if (!this.tried.has(key) && this.snapshot(key).data === undefined) this.unanswered.set(key, path);
  }

  /** Fetches every unanswered read at once; true when some were fetched (worth rendering again). */
  async answer(read: (path: string) => Promise<unknown>): Promise<boolean> {
    const pending = [...this.unanswered];
    this.unanswered.clear();
    await Promise.all(
      pending.map(async ([key, path]) => {
        this.tried.add(key);
        const data = await read(path);
        if (data !== undefined) this.set(key, data);
      }),
    );
    return pending.length > 0;
  }
}
