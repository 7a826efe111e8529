/**
 * A least-recently-used map for git objects and what is parsed from them. Objects are named by their
 * content, so an entry never goes stale; the bound (a count, or a total weight such as bytes) only limits
 * memory.
 */
export class ObjectCache<T> {
  private readonly entries = new Map<string, T>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: T) => number = () => 1,
  ) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.weight -= this.weigh(previous);
    }
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    for (const [oldest, evicted] of this.entries) {
      if (this.weight <= this.capacity) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(evicted);
    }
  }
}
