// The CLI's bounded reads of local files (file_* expectations, audit_log) on real files, a real FIFO and real devices:
// only regular files are read, never past the cap, and nothing blocks.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessChecker } from '../sandbox/checker';
import { observeFile } from './observe-files';
import { readLocalFile, type LocalFileRead } from './read-local-file';
import { runTrajectory } from './run-trajectory';

let dir: string;
const at = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mcptest-read-local-'));
  await writeFile(at('notes.txt'), 'hello\n');
  await writeFile(at('empty.txt'), '');
  await writeFile(at('big.bin'), '');
  await truncate(at('big.bin'), 100 * 1024 * 1024); // sparse: 100 MiB by its size, nothing on disk
  await mkdir(at('folder'));
  execFileSync('mkfifo', [at('pipe')]);
  await symlink(at('notes.txt'), at('link-to-notes'));
  await symlink('/dev/zero', at('link-to-zero'));
  await writeFile(at('agent.jsonl'), '{"tool":"read","args":{}}\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const LIMITS = { maxBytes: 1024, timeoutMs: 5_000 };

function summary(read: LocalFileRead): string {
  return read.ok ? `ok: ${JSON.stringify(read.content.toString('utf8'))}` : `${read.code}: ${read.reason}`;
}

describe('readLocalFile', () => {
  it.each<[string, () => string, string]>([
    ['a regular file', () => at('notes.txt'), 'ok: "hello\\n"'],
    ['an empty file', () => at('empty.txt'), 'ok: ""'],
    ['a link to a regular file (the target is judged)', () => at('link-to-notes'), 'ok: "hello\\n"'],
    ['a missing file', () => at('missing.txt'), 'absent: no such file'],
    ['a path through a file', () => at('notes.txt/x'), 'absent: no such file'],
    [
      'a FIFO (never opened, so nothing waits for a writer)',
      () => at('pipe'),
      'not_regular: not a regular file (a FIFO)',
    ],
    ['/dev/zero', () => '/dev/zero', 'not_regular: not a regular file (a character device)'],
    ['a link to /dev/zero', () => at('link-to-zero'), 'not_regular: not a regular file (a character device)'],
    ['a directory', () => at('folder'), 'not_regular: not a regular file (a directory)'],
    ['a file larger than the cap, by its size (not read)', () => at('big.bin'), 'too_large: larger than 1024 bytes'],
  ])('%s', async (_name, file, expected) => {
    expect(summary(await readLocalFile(file(), LIMITS))).toBe(expected);
  });

  it('stops at the cap while reading a file that reports a smaller size (/proc reports 0)', async () => {
    // The environment of this process is more than 16 bytes; its stat size is 0.
    expect(summary(await readLocalFile('/proc/self/environ', { maxBytes: 16, timeoutMs: 5_000 }))).toBe(
      'too_large: larger than 16 bytes',
    );
    const whole = await readLocalFile('/proc/self/environ', { maxBytes: 1024 * 1024, timeoutMs: 5_000 });
    expect(whole.ok && whole.content.length).toBeGreaterThan(16);
  });

  it('reads a file of exactly the cap', async () => {
    await writeFile(at('exact.txt'), 'x'.repeat(1024));
    const read = await readLocalFile(at('exact.txt'), LIMITS);
    expect(read.ok && read.content.length).toBe(1024);
  });
});

describe('file_* and audit_log reads (CLI)', () => {
  it('observeFile reports a FIFO, /dev/zero and a directory as unreadable instead of reading them', async () => {
    expect(await observeFile(at('pipe'))).toEqual({ state: 'unreadable', reason: 'not a regular file (a FIFO)' });
    expect(await observeFile('/dev/zero')).toEqual({
      state: 'unreadable',
      reason: 'not a regular file (a character device)',
    });
    expect(await observeFile(at('folder'))).toEqual({
      state: 'unreadable',
      reason: 'not a regular file (a directory)',
    });
    expect(await observeFile(at('missing'))).toEqual({ state: 'absent' });
    expect(await observeFile(at('notes.txt'))).toEqual({ state: 'present', content: 'hello\n' });
  });

  it('an audit_log that is a FIFO or /dev/zero fails the assertion with the reason', async () => {
    const trajectory = [{ type: 'presence' as const, tools: ['read'] }];
    const context = { checker: inProcessChecker, env: {}, baseDir: dir };
    expect(await runTrajectory({ audit_log: 'pipe', trajectory }, context)).toEqual({
      ok: false,
      detail: `audit_log: cannot read ${at('pipe')}: not a regular file (a FIFO)`,
    });
    expect(await runTrajectory({ audit_log: '/dev/zero', trajectory }, context)).toEqual({
      ok: false,
      detail: 'audit_log: cannot read /dev/zero: not a regular file (a character device)',
    });
    expect(await runTrajectory({ audit_log: 'agent.jsonl', trajectory }, context)).toEqual({ ok: true });
  });
});
