// `mcptest auth-posture` against the real OAuth harness (oidc-provider and SDK-built servers behind bearer auth), over
// loopback through the CLI's SSRF-safe fetch (its default env admits loopback).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../../../../test/oauth/protected-mcp-server';
import { runCli } from '../run-cli';
import { authPostureCommand } from './auth-posture';

const scratch = mkdtempSync(path.join(tmpdir(), 'mcptest-auth-posture-'));
let as: AuthorizationServer;
let correct: ProtectedMcpServer;
let permissive: ProtectedMcpServer;
let wrongResource: ProtectedMcpServer;

beforeAll(async () => {
  as = await startAuthorizationServer({ staticClient: {} });
  const start = (variant: 'correct' | 'permissive' | 'wrong-resource') =>
    startProtectedMcpServer({ variant, authorizationServer: as });
  [correct, permissive, wrongResource] = await Promise.all([
    start('correct'),
    start('permissive'),
    start('wrong-resource'),
  ]);
});

afterAll(async () => {
  await Promise.all([correct.stop(), permissive.stop(), wrongResource.stop()]);
  await as.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const io = () => ({ env: { POSTURE_SECRET: as.staticClient?.clientSecret }, cwd: scratch });
const credentialFlags = () => ['--client-id', as.staticClient?.clientId ?? '', '--client-secret-env', 'POSTURE_SECRET'];

interface JsonReport {
  ok: boolean;
  url: string;
  methodsSent: string[];
  results: { id: string; status: string; severity: string; message?: string }[];
}

describe('mcptest auth-posture', () => {
  it('passes the correct server (exit 0), one line per finding', async () => {
    const result = await authPostureCommand(['--url', correct.url, ...credentialFlags()], io());
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^ {2}PASS {5}garbage-token-refused/m);
    expect(result.stdout).toMatch(
      /10 passed, 0 failed, 0 warnings, 0 skipped; 7 requests to the server, no tool called/,
    );
    // The client secret reached the token endpoint only, never the output.
    expect(result.stdout).not.toContain(as.staticClient?.clientSecret);
  });

  it('flags the permissive server (exit 1) with severities and spec references, as JSON and JUnit', async () => {
    const junit = path.join(scratch, 'posture.xml');
    const result = await authPostureCommand(
      ['--url', permissive.url, '--revision', '2025-11-25', '--json', '--junit', 'posture.xml', ...credentialFlags()],
      io(),
    );
    expect(result.exitCode).toBe(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.ok).toBe(false);
    expect(new Set(report.methodsSent)).toEqual(new Set(['initialize']));
    expect(report.results.filter((r) => r.status === 'FAIL').map((r) => r.id)).toEqual([
      'garbage-token-refused',
      'expired-token-refused',
      'alg-none-token-refused',
      'unknown-key-token-refused',
      'other-resource-token-refused',
      'query-token-refused',
    ]);
    expect(readFileSync(junit, 'utf8')).toContain('tests="10" failures="6" skipped="0"');
    expect(permissive.toolCalls()).toEqual([]);
  });

  it('flags the wrong-resource server for its metadata, in text with the spec reference', async () => {
    const result = await runCli(['auth-posture', '--url', wrongResource.url]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(
      /FAIL {5}resource-metadata-names-server\s+\[high\] `resource` names http:\/\/mcp\.internal\.invalid\/mcp/,
    );
    expect(result.stdout).toContain(
      'RFC 9728 §3.3 (Protected Resource Metadata Validation): https://www.rfc-editor.org/rfc/rfc9728#section-3.3',
    );
  });

  it.each([
    [['--revision', '2024-01-01'], /--revision must be 2025-11-25 or 2026-07-28/],
    [['--client-id', 'x'], /--client-id and --client-secret-env go together/],
    [['--other-resource', 'https://x.example/mcp'], /--other-resource needs --client-id/],
    [['--client-id', 'x', '--client-secret-env', 'UNSET_VAR'], /UNSET_VAR is not set/],
  ])('refuses %j (exit 2)', async (flags, message) => {
    const result = await authPostureCommand(['--url', correct.url, ...flags], io());
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('answers --help with the usage', async () => {
    const result = await runCli(['auth-posture', '--help']);
    expect(result).toMatchObject({
      exitCode: 0,
      stdout: expect.stringMatching(/^usage: mcptest auth-posture/) as unknown,
    });
  });
});
