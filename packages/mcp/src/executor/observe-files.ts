import path from 'node:path';
import type { ObservedFile } from '@mcptest/core';
import { LOCAL_FILE_TIMEOUT_MS, readLocalFile } from './read-local-file';

/** Largest file read for a file_* expectation; a bigger one is reported as unreadable rather than loaded. */
export const MAX_OBSERVED_FILE_BYTES = 8 * 1024 * 1024;

/**
 * Reads one file for the checker (CLI runs only: hosted runs refuse file_* expectations before this). `resolvedPath`
 * is the path after templating; a relative one is taken from the current directory, as mcp-assert does. Only a regular
 * file is read, up to MAX_OBSERVED_FILE_BYTES and LOCAL_FILE_TIMEOUT_MS (readLocalFile).
 */
export async function observeFile(resolvedPath: string): Promise<ObservedFile> {
  const read = await readLocalFile(path.resolve(resolvedPath), {
    maxBytes: MAX_OBSERVED_FILE_BYTES,
    timeoutMs: LOCAL_FILE_TIMEOUT_MS,
  });
  if (read.ok) return { state: 'present', content: read.content.toString('utf8') };
  if (read.code === 'absent') return { state: 'absent' };
  return { state: 'unreadable', reason: read.reason };
}
