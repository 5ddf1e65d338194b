import { type Document, isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';

/*
 * Maps a zod issue path back to the YAML nodes, so a mock definition error can name a line and column. A simpler
 * cousin of packages/core/src/suite/locate-path.ts (not exported from core): aliases are followed, `<<` merge keys are
 * not searched (a key that only exists through a merge is located at its mapping).
 */

type Segment = string | number;

function startOf(node: unknown): number | undefined {
  if (node !== null && typeof node === 'object' && 'range' in node) {
    const range = (node as { range?: unknown }).range;
    if (Array.isArray(range) && typeof range[0] === 'number') return range[0];
  }
  return undefined;
}

function deref(doc: Document, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 32 && isAlias(current); hops++) current = current.resolve(doc);
  return current;
}

function pairOf(map: unknown, key: string): { key: unknown; value: unknown } | undefined {
  if (!isMap(map)) return undefined;
  for (const item of map.items) {
    if (isPair(item) && isScalar(item.key) && String(item.key.value) === key) return item;
  }
  return undefined;
}

/**
 * The offset to report for `path`: the node's start, or for an empty value its key; when the path does not resolve
 * all the way, the key (or start) of the deepest node that exists.
 */
export function locateYamlPath(doc: Document, path: readonly Segment[]): number {
  let node: unknown = deref(doc, doc.contents);
  let offset = startOf(node) ?? 0;
  for (const segment of path) {
    let next: unknown;
    let keyOffset: number | undefined;
    if (isMap(node)) {
      const pair = pairOf(node, String(segment));
      next = pair?.value;
      keyOffset = startOf(pair?.key);
      // `key:` with nothing after it: the value node is empty, the key is the useful place to point at.
      if (pair && (next === null || (isScalar(next) && next.value === null))) return keyOffset ?? offset;
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
    }
    if (next === undefined) return offset;
    offset = startOf(next) ?? keyOffset ?? offset;
    node = deref(doc, next);
  }
  return offset;
}

/** The offset of key `key` in the mapping at `path`, or undefined when there is no such key. */
export function locateYamlKey(doc: Document, path: readonly Segment[], key: string): number | undefined {
  let node: unknown = deref(doc, doc.contents);
  for (const segment of path) {
    if (isMap(node)) node = deref(doc, pairOf(node, String(segment))?.value);
    else if (isSeq(node) && typeof segment === 'number') node = deref(doc, node.items[segment]);
    else return undefined;
  }
  return startOf(pairOf(node, key)?.key);
}
