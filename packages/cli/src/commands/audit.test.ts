// `mcptest audit` in-process against the issue-5 records mock (examples/mock/records.yaml): the JSON shape, the human
// report, --out (files, review line, refusal to overwrite, --force), exit codes and usage errors.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSuite, REVIEW_BEFORE_FIRST_RUN } from '@mcptest/core';
import { loadMockDefinition, startMockServer, type MockServerHandle } from '@mcptest/mcp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli';
import { auditCommand, type AuditJson } from './audit';

const scratch = mkdtempSync(path.join(tmpdir(), 'mcptest-audit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const servers: MockServerHandle[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(file: string, extraYaml?: string): Promise<MockServerHandle> {
  const text = extraYaml ?? readFileSync(path.resolve(file), 'utf8');
  const loaded = loadMockDefinition(text, file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const server = await startMockServer({ definition: loaded.definition });
  servers.push(server);
  return server;
}

/** The CLI's default env admits loopback, so the real SSRF-safe fetch is used. */
const io = (progress: string[] = []) => ({ env: {}, stderr: (text: string) => void progress.push(text), cwd: scratch });

describe('mcptest audit', () => {
  it('--json --out: the report shape, the files, and delete_record never called', async () => {
    const server = await serve('examples/mock/records.yaml');
    const out = path.join(scratch, 'records-suite');
    const progress: string[] = [];
    const result = await auditCommand(
      ['--url', server.url, '--json', '--out', 'records-suite', '--call-delay', '0'],
      io(progress),
    );
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const json = JSON.parse(result.stdout) as AuditJson;
    expect(Object.keys(json)).toEqual(['server', 'score', 'tools', 'lints', 'files', 'callsMade', 'durationMs']);
    expect(json.server).toMatchObject({ url: server.url, name: 'records', transport: 'http' });
    expect(json.score).toMatchObject({
      score: 99,
      base: 100,
      lintPenalty: 1,
      probedTools: 1,
      counts: { healthy: 1, refused: 1 },
    });
    expect(
      json.tools.map((t) => ({ name: t.name, class: t.class, live: t.live, generate: t.generate, outcome: t.outcome })),
    ).toEqual([
      { name: 'search_records', class: 'ReadOnly', live: 'Execute', generate: 'Execute', outcome: 'healthy' },
      { name: 'delete_record', class: 'Destructive', live: 'Refuse', generate: 'GenerateOnly', outcome: 'refused' },
    ]);
    expect(json.tools[0]?.probes[0]).toMatchObject({ kind: 'valid', id: 'valid', args: {}, outcome: 'healthy' });
    expect(typeof json.tools[0]?.probes[0]?.durationMs).toBe('number');
    expect(json.tools[1]?.probes[0]).toMatchObject({ outcome: 'refused', refusal: 'destructive_not_allowed' });
    expect(json.lints).toEqual([
      expect.objectContaining({ code: 'destructive-without-confirmation', tool: 'delete_record' }),
    ]);
    expect(json.files).toEqual([path.join(out, 'search_records.yaml'), path.join(out, 'delete_record.yaml')]);
    expect(json.callsMade).toBe(1);
    expect(server.calls.map((call) => call.tool)).toEqual(['search_records']);
    expect(progress.join('')).toContain('search_records: healthy');

    expect(readdirSync(out).sort()).toEqual(['delete_record.yaml', 'search_records.yaml']);
    const review = readFileSync(path.join(out, 'delete_record.yaml'), 'utf8');
    expect(review.split('\n')[0]).toBe(REVIEW_BEFORE_FIRST_RUN);
    for (const file of json.files) {
      const loaded = loadSuite(readFileSync(file, 'utf8'), file);
      expect(loaded.ok ? [] : loaded.errors).toEqual([]);
    }

    // The written suite validates with the CLI too.
    const validate = await runCli(['validate', out]);
    expect(validate.exitCode).toBe(0);
  });

  it('refuses to overwrite without --force (writing nothing), overwrites with it', async () => {
    const server = await serve('examples/mock/records.yaml');
    const out = path.join(scratch, 'twice');
    const first = await auditCommand(['--url', server.url, '--out', out, '--call-delay', '0'], io());
    expect(first.exitCode).toBe(0);
    writeFileSync(path.join(out, 'search_records.yaml'), '# edited by hand\n');
    const second = await auditCommand(['--url', server.url, '--out', out, '--call-delay', '0'], io());
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toMatch(
      /search_records\.yaml, delete_record\.yaml already exist; nothing was written \(pass --force/,
    );
    expect(second.stdout).toContain('Score:'); // the report is still printed
    expect(readFileSync(path.join(out, 'search_records.yaml'), 'utf8')).toBe('# edited by hand\n');
    const forced = await auditCommand(['--url', server.url, '--out', out, '--force', '--call-delay', '0'], io());
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(path.join(out, 'search_records.yaml'), 'utf8')).toContain('tool: search_records');
  });

  it('prints a human report with classes, outcomes, lints, score and the files to review', async () => {
    const server = await serve('examples/mock/records.yaml');
    const out = path.join(scratch, 'human');
    const result = await runCli(['audit', '--url', server.url, '--out', out, '--call-delay', '0']);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      `Audit of ${server.url} (records 0.0.0, http, protocol ${lines[0]?.match(/protocol (\S+)\)/)?.[1]})`,
    );
    expect(result.stdout).toMatch(/^ {2}search_records +ReadOnly +Execute +healthy +\d+ ms +responded$/m);
    expect(result.stdout).toMatch(/^ {2}delete_record +Destructive +Refuse +refused +- +destructive tool not called/m);
    expect(result.stdout).toContain('warning  destructive-without-confirmation  delete_record');
    expect(result.stdout).toContain(
      'Score: 99/100 (base 100, lint penalty 1); 1 tool probed: 1 healthy, 0 tool errors, 0 crashes, 0 timeouts, 1 refused',
    );
    expect(result.stdout).toContain('review before running: delete_record.yaml (skipped until reviewed)');
  });

  it('exits 1 when a probe crashes, and --execute-destructive calls the destructive tool', async () => {
    const yaml = `mock_server:
  name: fragile
  tools:
    - name: explode
      description: "Fails inside the server."
      annotations: { readOnlyHint: true }
      error: { code: -32603, message: boom }
    - name: delete_record
      description: "Delete a record by id."
      response: { content: [ { type: text, text: deleted } ] }
`;
    const server = await serve('fragile.yaml', yaml);
    const result = await auditCommand(
      ['--url', server.url, '--json', '--execute-destructive', '--call-delay', '0'],
      io(),
    );
    expect(result.exitCode).toBe(1);
    const json = JSON.parse(result.stdout) as AuditJson;
    expect(json.tools.map((t) => `${t.name}:${t.outcome}`)).toEqual(['explode:crash', 'delete_record:healthy']);
    expect(json.files).toEqual([]);
    expect(server.calls.map((call) => call.tool)).toEqual(['explode', 'delete_record']);
  });

  it('--invalid-probes probes read-only tools with invalid input', async () => {
    const yaml = `mock_server:
  name: strict
  tools:
    - name: get_item
      description: "Get one item by id."
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { id: { type: integer, description: "Id." } }, required: [id] }
      response: { content: [ { type: text, text: ok } ] }
`;
    const server = await serve('strict.yaml', yaml);
    const result = await auditCommand(['--url', server.url, '--json', '--invalid-probes', '--call-delay', '0'], io());
    const json = JSON.parse(result.stdout) as AuditJson;
    expect(json.tools[0]?.probes.map((p) => `${p.id}:${p.outcome}`)).toEqual([
      'valid:healthy',
      'missing-required:healthy',
      'wrong-type:healthy',
    ]);
    expect(server.calls.map((call) => call.arguments)).toEqual([{ id: 1 }, {}, { id: 'not-a-number' }]);
  });

  it('exits 2 when the server cannot be reached, masking secrets in the URL', async () => {
    const server = await serve('examples/mock/records.yaml');
    const url = `${server.url}?token=s3cret`;
    await server.close();
    const result = await auditCommand(['--url', url, '--timeout', '2000'], io());
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /^mcptest audit: could not connect to http:\/\/127\.0\.0\.1:\d+\/mcp\?token=\*\*\*: /,
    );
    expect(result.stderr).not.toContain('s3cret');
  });

  it('refuses a metadata address through the SSRF-safe fetch', async () => {
    const result = await auditCommand(['--url', 'http://169.254.169.254/mcp', '--timeout', '2000'], io());
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/169\.254\.169\.254 is a cloud metadata address \(never allowed\)/);
  });

  it.each<[string[], RegExp]>([
    [[], /--url URL is required/],
    [['--url', 'ftp://x/'], /--url must be an http\(s\) URL/],
    [['--url', 'http://x/', '--transport', 'stdio'], /--transport must be auto, http or sse/],
    [['--url', 'http://x/', '--header', 'no colon'], /--header must look like "Name: value"/],
    [['--url', 'http://x/', '--concurrency', '0'], /--concurrency must be an integer from 1 to 32/],
    [['--url', 'http://x/', 'extra'], /unexpected argument "extra"/],
    [['--url', 'http://x/', '--bogus'], /bogus/],
  ])('usage error: %j', async (argv, message) => {
    const result = await auditCommand(argv, io());
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('usage: mcptest audit');
  });

  it('--help', async () => {
    const result = await runCli(['audit', '--help']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toContain('usage: mcptest audit --url URL');
    expect(existsSync(path.join(scratch, 'nothing'))).toBe(false);
  });
});
