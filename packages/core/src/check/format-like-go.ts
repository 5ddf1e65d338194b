/**
 * The string form mcp-assert compares with (Go's `%v` on decoded JSON): strings as themselves, so `"3"` matches `3`
 * and `"true"` matches `true`; null as `<nil>`; arrays as `[a b]`; objects as `map[k:v ...]` with sorted keys.
 */
export function formatLikeGo(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `[${value.map(formatLikeGo).join(' ')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .sort()
      .map((key) => `${key}:${formatLikeGo(record[key])}`);
    return `map[${entries.join(' ')}]`;
  }
  return String(value);
}
