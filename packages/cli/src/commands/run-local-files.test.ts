// `mcptest run` keeps the keys that read local files (hosted suites refuse them), bounded: a regular audit log is read,
// a FIFO or /dev/zero fails its assertion at once instead of blocking the run or filling memory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonReport } from '../run/spawn-mcptest';
import { runCommand } from './run';

const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-run-local-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mcptest run and local files', () => {
  it('reads a regular audit_log, and fails a FIFO and /dev/zero with the reason', async () => {
    writeFileSync(path.join(dir, 'agent.jsonl'), '{"tool":"read_file","args":{"path":"a"}}\n');
    execFileSync('mkfifo', [path.join(dir, 'pipe.jsonl')]);
    const suite = path.join(dir, 'logs.yaml');
    writeFileSync(
      suite,
      `name: logs
assertions:
  - name: regular
    audit_log: agent.jsonl
    trajectory: [{ type: presence, tools: [read_file] }]
  - name: fifo
    audit_log: pipe.jsonl
    trajectory: [{ type: presence, tools: [read_file] }]
  - name: zero
    audit_log: /dev/zero
    trajectory: [{ type: presence, tools: [read_file] }]
`,
    );
    const outcome = await runCommand([suite, '--json'], { stderr: () => {} });
    const report = jsonReport({ code: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr });
    expect(report.results.map((r) => [r.name, r.status, r.detail])).toEqual([
      ['regular', 'PASS', ''],
      ['fifo', 'FAIL', `audit_log: cannot read ${path.join(dir, 'pipe.jsonl')}: not a regular file (a FIFO)`],
      ['zero', 'FAIL', 'audit_log: cannot read /dev/zero: not a regular file (a character device)'],
    ]);
    expect(outcome.exitCode).toBe(1);
  });
});
