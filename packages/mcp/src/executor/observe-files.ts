import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObservedFile } from '@mcptest/core';

/** Largest file read for a file_* expectation; a bigger one is reported as unreadable rather than loaded. */
export const MAX_OBSERVED_FILE_BYTES = 8 * 1024 * 1024;

/**
 * Reads one file for the checker. `resolvedPath` is the path after templating; a relative one is taken from the
 * current directory, as mcp-assert does.
 */
export async function observeFile(resolvedPath: string): Promise<ObservedFile> {
  try {
    const buffer = await readFile(path.resolve(resolvedPath));
    if (buffer.byteLength > MAX_OBSERVED_FILE_BYTES) {
      return { state: 'unreadable', reason: `larger than ${MAX_OBSERVED_FILE_BYTES} bytes` };
    }
    return { state: 'present', content: buffer.toString('utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'absent' };
    return { state: 'unreadable', reason: error instanceof Error ? error.message : String(error) };
  }
}
