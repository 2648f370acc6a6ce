/** One reader request: when it ended and how (an HTTP status, or 0 when no response came). */
export interface ReaderRequest {
  at: number;
  status: number;
  path: string;
  /** The start of the body of an answer other than 200, to show what failed. */
  body?: string;
}

export interface ReaderLoad {
  requests: ReaderRequest[];
  /** Requests that ended between `from` and `to` (epoch ms), by outcome. */
  between(
    from: number,
    to: number,
  ): { total: number; failed: number; statuses: Record<number, number>; examples: ReaderRequest[] };
  stop(): Promise<void>;
}

const articleIdsIn = (body: unknown): string[] => {
  const articles = (body as { data?: { articles?: Array<{ id?: string }> } })?.data?.articles ?? [];
  return articles.map((article) => article.id).filter((id): id is string => typeof id === 'string');
};

/**
 * Readers reading through the gateway while a test breaks things: `readers` loops, each alternating the
 * news list and an article it listed, as fast as answers come. A request fails when it gets no answer or
 * a status other than 200.
 */
export function startReaderLoad(gatewayUrl: string, readers = 4): ReaderLoad {
  const requests: ReaderRequest[] = [];
  const known: string[] = [];
  let running = true;
  const read = async (path: string): Promise<unknown> => {
    try {
      const response = await fetch(`${gatewayUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
      if (response.status === 200) {
        const body: unknown = await response.json();
        requests.push({ at: Date.now(), status: 200, path });
        return body;
      }
      const text = await response.text();
      requests.push({ at: Date.now(), status: response.status, path, body: text.slice(0, 300) });
      return undefined;
    } catch (error) {
      requests.push({ at: Date.now(), status: 0, path, body: String(error) });
      return undefined;
    }
  };
  const loop = async () => {
    while (running) {
      const listed = articleIdsIn(await read('/api/content/news?limit=12&offset=0'));
      for (const id of listed) if (!known.includes(id)) known.push(id);
      if (known.length) await read(`/api/articles/${known[Math.floor(Math.random() * known.length)]}`);
      // A failing gateway answers at once; without a pause the loop would spin on errors.
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const loops = Array.from({ length: readers }, loop);
  return {
    requests,
    between(from, to) {
      const window = requests.filter((request) => request.at >= from && request.at <= to);
      const statuses: Record<number, number> = {};
      for (const request of window) statuses[request.status] = (statuses[request.status] ?? 0) + 1;
      return {
        total: window.length,
        failed: window.filter((request) => request.status !== 200).length,
        statuses,
        examples: window.filter((request) => request.status !== 200 && request.status !== 503).slice(0, 3),
      };
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
