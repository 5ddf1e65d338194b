import { quote } from './excerpt';
import { isRecord } from '../util/is-record';

type Lookup = { ok: true; value: unknown } | { ok: false; error: string };

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * mcp-assert's dot-path lookup: `$.a.b`, `a.b`, `$.a[0].b`. Also `$` (the root), `$[0]` (a root array) and
 * `a[0][1]` (nested arrays), which mcp-assert does not support. Keys containing dots cannot be addressed.
 */
export function lookupPath(root: unknown, path: string): Lookup {
  if (path === '$') return { ok: true, value: root };
  const rest = path.startsWith('$.') ? path.slice(2) : path.startsWith('$[') ? path.slice(1) : path;
  let current = root;
  for (const part of rest.split('.')) {
    const bracket = part.indexOf('[');
    const field = bracket >= 0 ? part.slice(0, bracket) : part;
    const indexText = bracket >= 0 ? part.slice(bracket) : '';
    if (indexText !== '' && !/^(\[-?\d+\])+$/.test(indexText)) {
      return { ok: false, error: `invalid array index ${quote(indexText)}` };
    }
    if (field !== '' || indexText === '') {
      if (!isRecord(current))
        return { ok: false, error: `expected object at ${quote(field)}, got ${jsonType(current)}` };
      if (!Object.hasOwn(current, field)) return { ok: false, error: `field ${quote(field)} not found` };
      current = current[field];
    }
    for (const match of indexText.matchAll(/\[(-?\d+)\]/g)) {
      if (!Array.isArray(current)) {
        return { ok: false, error: `expected array at ${quote(field || part)}, got ${jsonType(current)}` };
      }
      const index = Number(match[1]);
      if (index < 0 || index >= current.length) {
        return { ok: false, error: `index ${index} out of range (len=${current.length})` };
      }
      current = current[index] as unknown;
    }
  }
  return { ok: true, value: current };
}
