import { isRecord } from './is-record';

/**
 * JSON with object keys sorted at every level, so key order alone never counts as a change (snapshots, discovery
 * changes, surface hashes). Array order counts. `undefined` gives the string `undefined`, so it differs from `null`.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((key) => [key, inner[key]]),
        )
      : inner,
  );
}
