/**
 * A pure function of a string, remembered for the strings asked lately. For the work every request
 * repeats on its URL, path or address (matching it against a list of patterns, parsing it), which was a
 * share of a held read's cost at the gateway (docs/benchmarks.md 'Reads beside bare Node'). Bounded in
 * count and size, since the strings are the client's choice (random ids, random query strings, many
 * addresses): a full memory starts afresh, and a string longer than `maxKeyLength` is worked out each
 * time instead of held.
 */
export function remembered<T>(
  work: (key: string) => T,
  limits: { maxEntries: number; maxKeyLength: number } = { maxEntries: 10_000, maxKeyLength: 512 },
): (key: string) => T {
  const recent = new Map<string, T>();
  return (key) => {
    if (key.length > limits.maxKeyLength) return work(key);
    if (recent.has(key)) return recent.get(key) as T;
    const value = work(key);
    if (recent.size >= limits.maxEntries) recent.clear();
    recent.set(key, value);
    return value;
  };
}
