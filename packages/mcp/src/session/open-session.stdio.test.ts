// stdio sessions against the real server-everything binary: allowed only when the caller says so, and the child
// process is gone after close (no orphans).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSession } from './open-session';
import { isSessionError, SessionError } from './session-error';

const BIN = path.resolve('node_modules/.bin/mcp-server-everything');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('stdio sessions', () => {
  it('starts the server, lists tools, calls echo, and leaves no process behind', async () => {
    const session = await openSession({
      transport: 'stdio',
      command: BIN,
      args: ['stdio'],
      allowStdio: true,
      env: { MCPTEST_PROBE_SECRET: 'stdio-secret-value' },
      connectTimeoutMs: 15_000,
    });
    const pid = session.pid;
    try {
      expect(session.transport).toBe('stdio');
      expect(pid).toEqual(expect.any(Number));
      expect(alive(pid ?? -1)).toBe(true);
      expect(session.serverInfo.name).toMatch(/everything/i);
      const { tools } = await session.listAllTools();
      expect(tools.map((tool) => tool.name)).toContain('echo');
      const call = await session.callTool('echo', { message: 'over stdio' });
      expect(JSON.stringify(call.result.content)).toContain('over stdio');
      expect(session.transcript().some((entry) => entry.method === 'tools/call')).toBe(true);
      // get-env prints the server's environment: ours reached it (added to the SDK's safe defaults).
      const env = await session.callTool('get-env', {});
      expect(JSON.stringify(env.result.content)).toContain('stdio-secret-value');
    } finally {
      await session.close();
    }
    expect(session.isOpen).toBe(false);
    expect(alive(pid ?? -1)).toBe(false);
  });

  it('is refused unless allowStdio is true, before anything starts', async () => {
    const failure = await openSession({ transport: 'stdio', command: BIN, args: ['stdio'] }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SessionError);
    expect((failure as SessionError).code).toBe('stdio_not_allowed');
  });

  it('reports a missing command as connect_failed in plain words', async () => {
    const failure = await openSession({
      transport: 'stdio',
      command: '/nonexistent/mcp-server',
      args: ['--flag'],
      allowStdio: true,
    }).catch((error: unknown) => error);
    expect(isSessionError(failure, 'connect_failed')).toBe(true);
    expect((failure as SessionError).message).toBe(
      'could not start `/nonexistent/mcp-server --flag`: command not found',
    );
  });

  it('reports a process that exits before initialize, with its stderr, and masks env values', async () => {
    const failure = await openSession({
      transport: 'stdio',
      command: process.execPath,
      args: ['-e', 'console.error("boom: " + process.env.MCPTEST_TOKEN); process.exit(3)'],
      env: { MCPTEST_TOKEN: 'tok-123456' },
      allowStdio: true,
    }).catch((error: unknown) => error);
    expect(isSessionError(failure, 'connect_failed')).toBe(true);
    const message = (failure as SessionError).message;
    expect(message).toMatch(/the process exited before answering initialize \(stderr: boom: \*\*\*\)$/);
    expect(message).not.toContain('tok-123456');
  });
});
