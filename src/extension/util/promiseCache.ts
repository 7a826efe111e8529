/**
 * The promise kept under `key`, made on first ask so concurrent callers share one request; a rejected one
 * is forgotten, so the next ask tries again rather than keeping a failure.
 */
export function cachedPromise<K, V>(cache: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    value.catch(() => cache.delete(key));
    cache.set(key, value);
  }
  return value;
}
