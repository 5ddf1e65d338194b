// `mcptest run` with a suite's `auth_posture:` block, end to end through the spawned command against the OAuth
// harness: credentials from the environment through `${VAR}`, each finding a result carrying its own verdict in --json.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../../../../test/oauth/protected-mcp-server';
import { jsonReport, runMcptest } from '../run/spawn-mcptest';

const SLOW_TEST_MS = 90_000;
const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-run-posture-'));
const suite = path.join(dir, 'posture.yaml');
writeFileSync(
  suite,
  `name: posture
timeout: 10s
auth_posture:
  other_resource_token_from: { client_id: "\${POSTURE_ID}", client_secret: "\${POSTURE_SECRET}" }
`,
);

let as: AuthorizationServer;
let permissive: ProtectedMcpServer;
beforeAll(async () => {
  as = await startAuthorizationServer({ staticClient: {} });
  permissive = await startProtectedMcpServer({ variant: 'permissive', authorizationServer: as });
});
afterAll(async () => {
  await permissive?.stop();
  await as?.stop();
});

it(
  'fails on the permissive server with each finding in --json, the secret nowhere in the output',
  async () => {
    const client = as.staticClient;
    if (client === undefined) throw new Error('the AS has no static client');
    const outcome = await runMcptest(['run', suite, '--url', permissive.url, '--json'], {
      POSTURE_ID: client.clientId,
      POSTURE_SECRET: client.clientSecret,
    });
    expect(outcome.code).toBe(1);
    const report = jsonReport(outcome) as unknown as {
      results: { name: string; status: string; authPosture?: Record<string, unknown> }[];
    };
    const other = report.results.find((r) => r.name === 'auth_posture other-resource-token-refused');
    expect(other).toMatchObject({
      status: 'FAIL',
      authPosture: { findingId: 'other-resource-token-refused', status: 'FAIL', severity: 'high' },
    });
    expect(report.results.find((r) => r.name === 'auth_posture no-token-401')?.status).toBe('PASS');
    expect(`${outcome.stdout}${outcome.stderr}`).not.toContain(client.clientSecret);
    expect(permissive.toolCalls()).toEqual([]);
  },
  SLOW_TEST_MS,
);
