import { isRecord } from '../util/is-record';

type Segment = string | number;

/** `value` is a mapping with its own key `key` (not one inherited from Object.prototype, like `constructor`). */
export function hasKey(value: unknown, key: string): boolean {
  return isRecord(value) && Object.prototype.hasOwnProperty.call(value, key);
}

/** The value at a zod issue's `path` inside the document's value, or undefined when the path leads nowhere. */
export function valueAt(root: unknown, path: readonly Segment[]): unknown {
  let current = root;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isRecord(current) && hasKey(current, String(segment))) current = current[String(segment)];
    else return undefined;
  }
  return current;
}
