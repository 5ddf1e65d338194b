import type { Expect } from './expect-schema';

/**
 * The files the executor must read for an expect block: `before` the tool call (file_unchanged) and `after` it (every
 * file_* expectation). Paths are returned as written (sorted, deduplicated); the executor resolves them (e.g.
 * `{{fixture}}`, relative to the fixture directory) and keys `ToolObservation.files` by these same strings.
 */
export function filesToObserve(expect: Expect): { before: string[]; after: string[] } {
  const before = new Set(expect.file_unchanged ?? []);
  const after = new Set([
    ...Object.keys(expect.file_contains ?? {}),
    ...Object.keys(expect.file_not_contains ?? {}),
    ...(expect.file_not_exists ?? []),
    ...before,
  ]);
  return { before: [...before].sort(), after: [...after].sort() };
}
