import type { Database } from '../store/database';
import type { ViewContext } from './viewContext';

/**
 * The JSON text of shaped objects (issues, pull requests, repositories, users), kept by kind, id and viewer
 * so that a list page is mostly a concatenation of fragments already serialised.
 *
 * A fragment is valid for one data version (Database.dataVersion: every write of this connection and every
 * commit of another one changes it). Everything a shaper reads comes from the database, the viewer and the
 * root URL, so a fragment can never outlive what it was made of: a label rename, a milestone edit, an owner
 * renamed, a collaborator added all change the version, and the next page shapes afresh. Writes that no
 * shaped object shows (a token's last use) are kept out of the version already (Database.runAside).
 * Fragments are kept as UTF-8 bytes: a page is their concatenation, written as it is.
 * Bounded: least recently used fragments go first, by count and by bytes.
 */
export class SerialisedCache {
  private version = '';
  private rootUrl = '';
  /** key → fragment; a Map iterates in insertion order, so re-inserting on a hit keeps it least-recent-first */
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    readonly maxEntries = 20_000,
    readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The fragments of `items` in their order: cached ones as kept, the others shaped by `shape` in one batch
   * (its results in the order of the items given to it) and kept for the current version.
   */
  fragments<T>(
    view: ViewContext,
    kind: string,
    items: readonly T[],
    idOf: (item: T) => number,
    shape: (missing: readonly T[]) => readonly unknown[],
  ): Buffer[] {
    const version = view.db.dataVersion();
    this.settle(version, view.rootUrl);
    const viewer = viewerKey(view);
    const keys = items.map((item) => `${kind}:${idOf(item)}:${viewer}`);
    const texts: (Buffer | undefined)[] = keys.map((key) => this.take(key));
    const missing = items.filter((_, i) => texts[i] === undefined);
    if (missing.length === 0) return texts as Buffer[];
    const shaped = shape(missing).map((json) => Buffer.from(JSON.stringify(json)));
    // A shaper that wrote (none should) leaves what it made unkept: it may show the version before.
    const keep = view.db.dataVersion() === version;
    let next = 0;
    for (let i = 0; i < items.length; i++) {
      if (texts[i] !== undefined) continue;
      const text = shaped[next++]!;
      texts[i] = text;
      if (keep) this.put(keys[i]!, text);
    }
    return texts as Buffer[];
  }

  /**
   * The JSON array of `items`: as kept when the same items were asked for by the same viewer in this
   * version (a page asked for again is written as it is), else their fragments concatenated, and kept.
   */
  page<T>(
    view: ViewContext,
    kind: string,
    items: readonly T[],
    idOf: (item: T) => number,
    shape: (missing: readonly T[]) => readonly unknown[],
  ): Buffer {
    const version = view.db.dataVersion();
    this.settle(version, view.rootUrl);
    const key = `${kind}[]:${viewerKey(view)}:${items.map(idOf).join(',')}`;
    const kept = this.take(key);
    if (kept !== undefined) return kept;
    const page = jsonArray(this.fragments(view, kind, items, idOf, shape));
    if (view.db.dataVersion() === version) this.put(key, page);
    return page;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private settle(version: string, rootUrl: string): void {
    if (version === this.version && rootUrl === this.rootUrl) return;
    this.clear();
    this.version = version;
    this.rootUrl = rootUrl;
  }

  private take(key: string): Buffer | undefined {
    const text = this.entries.get(key);
    if (text === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, text);
    return text;
  }

  private put(key: string, text: Buffer): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
    if (text.length > this.maxBytes) return;
    this.entries.set(key, text);
    this.bytes += text.length;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}

/** Shaping depends on the viewer's row only (admin flag, id), which the data version covers. */
const viewerKey = (view: ViewContext): string => (view.user === null ? '-' : String(view.user.id));

const caches = new WeakMap<Database, SerialisedCache>();

/** The cache of one database (one per server; tests may open several in a process). */
export function serialisedCacheOf(db: Database): SerialisedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SerialisedCache();
    caches.set(db, cache);
  }
  return cache;
}

const open = Buffer.from('[');
const comma = Buffer.from(',');
const close = Buffer.from(']');

/** `[a,b,c]` from serialised elements. */
export function jsonArray(fragments: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [open];
  let length = 2 + Math.max(fragments.length - 1, 0);
  for (const [i, fragment] of fragments.entries()) {
    if (i > 0) parts.push(comma);
    parts.push(fragment);
    length += fragment.length;
  }
  parts.push(close);
  return Buffer.concat(parts, length);
}
