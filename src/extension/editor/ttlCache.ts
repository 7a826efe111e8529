/**
 * Remembers each key's value for a short time, so a hover that moves across the same `#12` or a completion
 * list asked for on every keystroke does not reach the server each time. A load that fails is forgotten at
 * once, so the next look tries again.
 */
export class TtlCache<Value> {
  readonly #entries = new Map<string, { readonly expires: number; readonly value: Promise<Value> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const time = this.now();
    const cached = this.#entries.get(key);
    if (cached && cached.expires > time) return cached.value;
    if (this.#entries.size >= this.maxEntries) this.#evict(time);
    const value = load();
    this.#entries.set(key, { expires: time + this.ttlMs, value });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }

  #evict(time: number): void {
    for (const [key, entry] of this.#entries) if (entry.expires <= time) this.#entries.delete(key);
    // still full: drop the oldest (a Map iterates in insertion order)
    while (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
