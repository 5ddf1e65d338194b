import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { formatMs } from './describe-session-error';

/** How long one local file read may take (a hung network mount must not hold the run). */
export const LOCAL_FILE_TIMEOUT_MS = 5_000;

export interface LocalFileLimits {
  /** A larger file is refused: by its size before reading, or when the read passes it (files that report size 0). */
  maxBytes: number;
  timeoutMs: number;
}

export type LocalFileRead =
  | { ok: true; content: Buffer }
  | {
      ok: false;
      /** `absent`: no such file (ENOENT, or a path through a non-directory). */
      code: 'absent' | 'not_regular' | 'too_large' | 'timeout' | 'error';
      reason: string;
    };

/** Read in pieces of this size, so a file that lies about its size is cut at the cap, not loaded whole. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Reads a regular file for the CLI's `file_*` expectations and `audit_log`, bounded: anything but a regular file
 * (a FIFO, a device such as /dev/zero, a directory, a socket) is refused before it is opened, so no read blocks on a
 * FIFO or runs forever on a device; the size is checked before reading and again while reading (a /proc file reports
 * size 0); the whole read has a deadline. Symbolic links are followed and their target judged, as the user's own
 * files may be links. The file is opened non-blocking and checked again by handle, so a path swapped for a FIFO between
 * the check and the open is refused too. Never throws.
 */
export async function readLocalFile(file: string, limits: LocalFileLimits): Promise<LocalFileRead> {
  let timer: NodeJS.Timeout | undefined;
  const state = { timedOut: false };
  const timeout = new Promise<LocalFileRead>((resolve) => {
    timer = setTimeout(() => {
      state.timedOut = true;
      resolve({ ok: false, code: 'timeout', reason: `not read within ${formatMs(limits.timeoutMs)}` });
    }, limits.timeoutMs);
  });
  try {
    return await Promise.race([read(file, limits, state), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function read(file: string, limits: LocalFileLimits, state: { timedOut: boolean }): Promise<LocalFileRead> {
  try {
    const refused = judge(await stat(file), limits);
    if (refused) return refused;
    // O_NONBLOCK: opening a FIFO (swapped in after the check) must not wait for a writer.
    const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    try {
      const again = judge(await handle.stat(), limits);
      if (again) return again;
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        if (state.timedOut) return { ok: false, code: 'timeout', reason: 'timed out' };
        const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limits.maxBytes + 1 - total));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
        if (bytesRead === 0) break;
        total += bytesRead;
        if (total > limits.maxBytes) return tooLarge(limits);
        chunks.push(chunk.subarray(0, bytesRead));
      }
      return { ok: true, content: Buffer.concat(chunks, total) };
    } finally {
      await handle.close().catch(() => undefined);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, code: 'absent', reason: 'no such file' };
    return { ok: false, code: 'error', reason: error instanceof Error ? error.message : String(error) };
  }
}

function judge(info: Stats, limits: LocalFileLimits): LocalFileRead | undefined {
  if (!info.isFile()) return { ok: false, code: 'not_regular', reason: `not a regular file (${kindOf(info)})` };
  if (info.size > limits.maxBytes) return tooLarge(limits);
  return undefined;
}

function tooLarge(limits: LocalFileLimits): LocalFileRead {
  return { ok: false, code: 'too_large', reason: `larger than ${limits.maxBytes} bytes` };
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}
