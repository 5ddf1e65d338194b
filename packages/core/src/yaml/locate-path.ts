import { type Document, isAlias, isMap, isPair, isScalar, isSeq, type Node } from 'yaml';

/*
 * Maps a path into the JavaScript value of a YAML document (as zod reports it) back to the YAML nodes, so every error
 * can name a line and column. Aliases are followed and `<<` merge keys searched, mirroring how toJS() built the value.
 */

/** Where a path leads: the deepest node found, and whether the whole path resolved. */
export interface LocatedPath {
  /** Offset of the best position for an error about this path. */
  offset: number;
  /** The whole path resolved to a node (false: a key is missing and `offset` is its parent's). */
  found: boolean;
  /** Offset of the key that holds the final node, when it sits in a mapping. */
  keyOffset?: number | undefined;
}

type Segment = string | number;

/** The start offset of a node, or undefined when it has none (nodes built in code). */
function startOf(node: unknown): number | undefined {
  if (node !== null && typeof node === 'object' && 'range' in node) {
    const range = (node as { range?: unknown }).range;
    if (Array.isArray(range) && typeof range[0] === 'number') return range[0];
  }
  return undefined;
}

function keyText(key: unknown): string | undefined {
  // With merge keys enabled, the parser gives `<<` a symbol value.
  if (isScalar(key)) return typeof key.value === 'symbol' ? (key.value.description ?? '') : String(key.value);
  if (key === null || key === undefined) return undefined;
  return typeof key === 'object' ? undefined : String(key);
}

/** Follows aliases (with a bound, so a cycle cannot hang the loader). */
function deref(doc: Document, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 32 && isAlias(current); hops++) {
    current = current.resolve(doc);
  }
  return current;
}

/** The pair of `map` whose key is `key`, searching merge sources (later direct keys win, as in toJS). */
function findPair(doc: Document, map: unknown, key: string, depth = 0): { key: unknown; value: unknown } | undefined {
  if (!isMap(map) || depth > 16) return undefined;
  let direct: { key: unknown; value: unknown } | undefined;
  const merges: unknown[] = [];
  for (const item of map.items) {
    if (!isPair(item)) continue;
    const text = keyText(item.key);
    if (text === key) direct = item;
    else if (text === '<<') merges.push(item.value);
  }
  if (direct) return direct;
  for (const source of merges) {
    const resolved = deref(doc, source);
    const sources = isSeq(resolved) ? resolved.items.map((item) => deref(doc, item)) : [resolved];
    for (const candidate of sources) {
      const found = findPair(doc, candidate, key, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Resolves `path` in `doc`; on a missing segment, stops at the nearest ancestor (its key, if it has one). */
export function locatePath(doc: Document, path: readonly Segment[]): LocatedPath {
  let node: unknown = deref(doc, doc.contents);
  let offset = startOf(node) ?? 0;
  let keyOffset: number | undefined;
  for (const segment of path) {
    let next: unknown;
    let nextKeyOffset: number | undefined;
    if (isMap(node)) {
      const pair = findPair(doc, node, String(segment));
      if (pair) {
        next = pair.value;
        nextKeyOffset = startOf(pair.key);
      }
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
    }
    if (next === undefined) return { offset: keyOffset ?? offset, found: false, keyOffset };
    // An empty value (`key:`) is a zero-length node after the colon; the key is the clearer place to point at.
    const isEmpty = next === null || (isScalar(next) && next.value === null);
    offset = (isEmpty ? nextKeyOffset : undefined) ?? startOf(next) ?? nextKeyOffset ?? offset;
    keyOffset = nextKeyOffset;
    node = deref(doc, next);
  }
  return { offset, found: true, keyOffset };
}

/** The offset of the key `key` directly inside the node at `path` (for unknown-key errors). */
export function locateKey(doc: Document, path: readonly Segment[], key: string): number | undefined {
  let node: unknown = deref(doc, doc.contents);
  for (const segment of path) {
    if (isMap(node)) node = deref(doc, findPair(doc, node, String(segment))?.value);
    else if (isSeq(node) && typeof segment === 'number') node = deref(doc, node.items[segment]);
    else return undefined;
  }
  const pair = findPair(doc, node, key);
  return pair ? startOf(pair.key) : undefined;
}

/** Start offset of the document's contents (the first key of a mapping document). */
export function documentStart(doc: Document): number {
  return startOf(doc.contents as Node | null) ?? doc.range?.[0] ?? 0;
}
