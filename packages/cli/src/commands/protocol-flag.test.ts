// `--protocol` in every command that opens a session besides `run` (tested in run-protocol.test.ts): `mcptest audit`
// and `mcptest lint --url` against a modern-only SDK v2 server (2026-07-28) and server-everything (2025). The flag is
// parsed in one place (cli-flags.ts, also behind run and conformance), so the same values and wording hold everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { parseProtocolFlag, UsageError } from '../cli-flags';
import { auditCommand, type AuditJson } from './audit';
import { lintCommand } from './lint';

let everything: RunningServer;
let modern: ModernServer;
beforeAll(async () => {
  [everything, modern] = await Promise.all([startEverythingServer('streamableHttp'), startModernServer()]);
});
afterAll(async () => {
  await Promise.all([everything?.stop(), modern?.stop()]);
});

const io = { env: {}, stderr: () => undefined };

describe('parseProtocolFlag', () => {
  it('takes every choice, case-insensitively, and nothing else', () => {
    expect(parseProtocolFlag(undefined)).toBeUndefined();
    expect(parseProtocolFlag(' Modern ')).toBe('modern');
    expect(parseProtocolFlag('2025-06-18')).toBe('2025-06-18');
    expect(() => parseProtocolFlag('2025-01-01')).toThrow(UsageError);
    expect(() => parseProtocolFlag('2025-01-01')).toThrow(
      '--protocol must be auto, modern, legacy, 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26 or 2024-11-05, not "2025-01-01"',
    );
  });
});

describe('mcptest audit --protocol', () => {
  const audit = (url: string, protocol: string) =>
    auditCommand(['--url', url, '--protocol', protocol, '--json', '--max-calls', '1', '--call-delay', '0'], io);

  it('audits a modern-only server in the era asked for, and says so in the report', async () => {
    const result = await audit(modern.url, 'modern');
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as AuditJson;
    expect(report.server.protocolVersion).toBe('2026-07-28');
    expect(report.tools.map((t) => t.name)).toContain('echo');
  }, 60_000);

  it('pins the era: a 2025 revision against a modern-only server, or 2026-07-28 against a 2025 one, cannot connect', async () => {
    const [legacy, current] = await Promise.all([audit(modern.url, '2025-11-25'), audit(everything.url, '2026-07-28')]);
    expect(legacy.exitCode).toBe(2);
    expect(legacy.stderr).toContain('the Streamable HTTP POST was answered with HTTP 400');
    expect(current.exitCode).toBe(2);
    expect(current.stderr).toContain('did not answer server/discover as a 2026-07-28 server');
  }, 60_000);

  it('refuses an unknown value before connecting', async () => {
    const result = await audit('http://127.0.0.1:1/mcp', 'newest');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--protocol must be auto, modern, legacy');
  });
});

describe('mcptest lint --url --protocol', () => {
  it('lists the tools in the era asked for', async () => {
    const [current, legacy] = await Promise.all([
      lintCommand(['--url', modern.url, '--protocol', '2026-07-28', '--json']),
      lintCommand(['--url', everything.url, '--protocol', 'legacy', '--json']),
    ]);
    expect(current.stderr).toBe('');
    expect((JSON.parse(current.stdout) as { tools: number }).tools).toBeGreaterThan(0);
    expect(legacy.stderr).toBe('');
    expect((JSON.parse(legacy.stdout) as { tools: number }).tools).toBeGreaterThan(0);
  }, 60_000);

  it('a pinned era the server lacks is a connection error (exit 2), an unknown value a usage error', async () => {
    const [pinned, unknown] = await Promise.all([
      lintCommand(['--url', everything.url, '--protocol', 'modern']),
      lintCommand(['--url', everything.url, '--protocol', 'newest']),
    ]);
    expect(pinned.exitCode).toBe(2);
    expect(pinned.stderr).toContain('did not answer server/discover as a 2026-07-28 server');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('--protocol must be auto, modern, legacy');
  }, 60_000);
});
