/**
 * A segment trie for API paths. At each segment a static name beats a mixed pattern
 * (`{index}.{diffType}`), which beats a plain placeholder, which beats a wildcard that takes the rest;
 * when a preferred branch leads nowhere, the next is tried.
 */

export interface RouteTarget<T> {
  readonly value: T;
  /** Names of the placeholders, in path order, as the handler knows them. */
  readonly paramNames: readonly string[];
}

interface PatternChild<T> {
  readonly source: string;
  readonly regex: RegExp;
  readonly placeholders: number;
  readonly node: TrieNode<T>;
}

interface TrieNode<T> {
  readonly statics: Map<string, TrieNode<T>>;
  readonly patterns: PatternChild<T>[];
  param?: TrieNode<T>;
  wildcard?: TrieNode<T>;
  /** Targets by HTTP method, for a path that ends here. */
  readonly targets: Map<string, RouteTarget<T>>;
}

export interface TrieMatch<T> {
  /** Targets by method at the matched path; empty method match means 405 with `Allow`. */
  readonly targets: ReadonlyMap<string, RouteTarget<T>>;
  /** Raw (still percent-encoded) placeholder values in path order. */
  readonly rawValues: readonly string[];
}

const newNode = <T>(): TrieNode<T> => ({ statics: new Map(), patterns: [], targets: new Map() });

const placeholderPattern = /\{[^{}]+\}/g;

/** The placeholder names of a path template, in order. */
export function placeholderNames(template: string): string[] {
  return [...template.matchAll(placeholderPattern)].map((m) => m[0].slice(1, -1));
}

/** Splits a path into its non-empty segments (so trailing and doubled slashes do not matter). */
export function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Placeholders Gitea's router constrains (`{diffType:diff|patch}`): anything else in that place is not this
// route, so `git/commits/v1.2` stays the commit `v1.2` and `a..b` is refused there as a bad name.
const placeholderValues: Readonly<Record<string, string>> = { diffType: 'diff|patch' };

function compilePattern(segment: string): { regex: RegExp; placeholders: number } {
  const parts = segment.split(placeholderPattern).map(escapeRegex);
  const names = placeholderNames(segment);
  const count = parts.length - 1;
  // All placeholders but the last are lazy so `{index}.{diffType}` splits at the last dot only when it must.
  const capture = (i: number): string => {
    const only = placeholderValues[names[i - 1]!];
    return only ? `(${only})` : i === count ? '(.+)' : '(.+?)';
  };
  const body = parts.reduce((acc, literal, i) => acc + (i === 0 ? '' : capture(i)) + literal, '');
  return { regex: new RegExp(`^${body}$`), placeholders: count };
}

export class RouteTrie<T> {
  private readonly root = newNode<T>();

  /**
   * Registers `template` for `method`. `isWildcard(position)` says whether the placeholder at that position
   * spans the rest of the path. Returns the existing target when this method and path were already taken.
   */
  add(
    method: string,
    template: string,
    target: RouteTarget<T>,
    isWildcard: (position: number) => boolean,
  ): RouteTarget<T> | undefined {
    let node = this.root;
    let position = 0;
    for (const segment of splitPath(template)) {
      const placeholders = segment.match(placeholderPattern) ?? [];
      if (placeholders.length === 0) {
        node = this.child(node.statics, segment);
      } else if (placeholders.length === 1 && placeholders[0] === segment) {
        const key = isWildcard(position) ? 'wildcard' : 'param';
        node = node[key] ??= newNode<T>();
        position++;
      } else {
        let pattern = node.patterns.find((p) => p.source === segment);
        if (!pattern) {
          pattern = { source: segment, ...compilePattern(segment), node: newNode<T>() };
          node.patterns.push(pattern);
        }
        node = pattern.node;
        position += placeholders.length;
      }
    }
    const existing = node.targets.get(method);
    if (existing) return existing;
    node.targets.set(method, target);
    return undefined;
  }

  match(path: string): TrieMatch<T> | undefined {
    const segments = splitPath(path);
    const found = this.walk(this.root, segments, 0, [], false);
    if (found || !path.endsWith('/')) return found;
    // `/contents-ext/`: a wildcard right after the last segment takes the empty rest, as chi's `*` does
    return this.walk(this.root, segments, 0, [], true);
  }

  private child(map: Map<string, TrieNode<T>>, key: string): TrieNode<T> {
    let node = map.get(key);
    if (!node) {
      node = newNode<T>();
      map.set(key, node);
    }
    return node;
  }

  /** `emptyRest`: where the segments end, the wildcard there answers with an empty value. */
  private walk(
    node: TrieNode<T>,
    segments: readonly string[],
    index: number,
    values: string[],
    emptyRest: boolean,
  ): TrieMatch<T> | undefined {
    if (index === segments.length) {
      const end = emptyRest ? node.wildcard : node;
      if (!end || end.targets.size === 0) return undefined;
      return { targets: end.targets, rawValues: emptyRest ? [...values, ''] : values };
    }
    const segment = segments[index]!;
    const staticChild = node.statics.get(segment);
    const found = staticChild && this.walk(staticChild, segments, index + 1, values, emptyRest);
    if (found) return found;
    for (const pattern of node.patterns) {
      const captures = pattern.regex.exec(segment);
      const result =
        captures &&
        this.walk(pattern.node, segments, index + 1, [...values, ...captures.slice(1)], emptyRest);
      if (result) return result;
    }
    const viaParam =
      node.param && this.walk(node.param, segments, index + 1, [...values, segment], emptyRest);
    if (viaParam) return viaParam;
    if (node.wildcard && node.wildcard.targets.size > 0) {
      return { targets: node.wildcard.targets, rawValues: [...values, segments.slice(index).join('/')] };
    }
    return undefined;
  }
}
