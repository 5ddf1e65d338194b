// The GitHub Action at the repository root (action.yml) against the CLI it runs: it parses, pins the CLI's own
// version, has an input for every `mcptest ci` flag (and no input the CLI lacks), and its script turns the inputs into
// arguments the real flag parser reads back as the same values.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CI_OPTIONS, parseCiArgs } from './parse-ci-args';

interface ActionInput {
  description: string;
  required?: boolean;
  default?: string;
}
interface ActionStep {
  id?: string;
  uses?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
  with?: Record<string, string>;
}
interface Action {
  name: string;
  description: string;
  inputs: Record<string, ActionInput>;
  runs: { using: string; steps: ActionStep[] };
}

/** Input -> the `mcptest ci` flag it sets. */
const FLAG_OF_INPUT: Record<string, keyof typeof CI_OPTIONS> = {
  'api-url': 'api',
  suite: 'suite',
  wait: 'wait',
  junit: 'junit',
  markdown: 'markdown',
  commit: 'commit',
  branch: 'branch',
  'idempotency-key': 'idempotency-key',
  progress: 'no-progress',
};
/** Inputs that are not flags, and flags that are not inputs, each with the reason. */
const NOT_FLAGS = {
  token: 'passed as the MCPTEST_TOKEN variable: a flag would show in the process list',
  'node-version': 'for actions/setup-node',
};
const NOT_INPUTS = {
  token: 'the token input, passed as MCPTEST_TOKEN',
  json: 'prints the run on stdout, which a workflow step cannot use',
  'no-color': 'the CLI uses colour only on a terminal, and a job has none',
  help: 'not for a workflow',
};

let action: Action;
let step: ActionStep;
let dir: string;

beforeAll(async () => {
  action = parse(await readFile(path.resolve('action.yml'), 'utf8')) as Action;
  const found = action.runs.steps.find((s) => s.run?.includes('@mcptest/cli'));
  if (!found) throw new Error('action.yml has no step running @mcptest/cli');
  step = found;
  dir = await mkdtemp(path.join(tmpdir(), 'mcptest-action-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The step's env as the runner builds it: `${{ inputs.x }}` replaced by the input, or its default. */
function stepEnv(target: ActionStep, inputs: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(target.env ?? {})) {
    env[name] = String(value).replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, input: string) => {
      if (!(input in action.inputs)) throw new Error(`the step uses an undeclared input ${input}`);
      return inputs[input] ?? action.inputs[input]?.default ?? '';
    });
  }
  return env;
}

/**
 * Runs the action's main script the way the runner would (bash, the step's env), with an `npx` on PATH that records
 * its arguments instead of downloading anything.
 */
async function runStep(inputs: Record<string, string>, env: Record<string, string> = {}) {
  const record = path.join(dir, 'npx-args');
  const npx = path.join(dir, 'npx');
  await writeFile(
    npx,
    `#!/bin/sh\nprintf '%s\\0' "$@" > '${record}'\nprintf '%s' "$MCPTEST_TOKEN" > '${record}.token'\n`,
  );
  await chmod(npx, 0o755);
  await promisify(execFile)('bash', ['-c', step.run ?? ''], {
    env: { PATH: `${dir}:/usr/bin:/bin`, ...env, ...stepEnv(step, inputs) },
  });
  const argv = (await readFile(record, 'utf8')).split('\0').slice(0, -1);
  return { argv, token: await readFile(`${record}.token`, 'utf8') };
}

/** Runs the step that picks the Node.js version with `path` as PATH; answers its `setup` output. */
async function nodeSetup(inputs: Record<string, string>, pathVariable: string): Promise<string | undefined> {
  const chooser = action.runs.steps.find((s) => s.id === 'node');
  const output = path.join(dir, `github-output-${Math.random()}`);
  await writeFile(output, '');
  // bash by its absolute path: PATH may hold no bash (nor node) here.
  await promisify(execFile)('/bin/bash', ['-c', chooser?.run ?? 'exit 99'], {
    env: { PATH: pathVariable, GITHUB_OUTPUT: output, ...stepEnv(chooser ?? {}, inputs) },
  });
  return /^setup=(.*)$/m.exec(await readFile(output, 'utf8'))?.[1];
}

describe('action.yml', () => {
  it('is a composite action that sets up node and runs the CLI pinned to packages/cli/package.json', async () => {
    expect(action.runs.using).toBe('composite');
    const setupNode = action.runs.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version']).toBe('${{ steps.node.outputs.setup }}');
    expect(setupNode?.if).toBe("${{ steps.node.outputs.setup != '' }}");
    expect(step.shell).toBe('bash');
    const manifest = JSON.parse(await readFile(path.resolve('packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    expect(String(step.env?.MCPTEST_CLI_VERSION)).toBe(manifest.version);
    expect(step.run).toContain('npx --yes "@mcptest/cli@$MCPTEST_CLI_VERSION"');
    // Inputs reach the script only through env: `${{ }}` inside `run` would be spliced into the shell code.
    expect(step.run).not.toContain('${{');
  });

  it('has an input for every flag of mcptest ci, and no input the CLI lacks', () => {
    for (const input of Object.keys(action.inputs)) {
      expect(FLAG_OF_INPUT[input] ?? (input in NOT_FLAGS ? 'not a flag' : undefined), input).toBeDefined();
      const flag = FLAG_OF_INPUT[input];
      if (flag) expect(Object.keys(CI_OPTIONS), input).toContain(flag);
    }
    const covered = new Set<string>([...Object.values(FLAG_OF_INPUT), ...Object.keys(NOT_INPUTS)]);
    const uncovered = Object.keys(CI_OPTIONS).filter((flag) => !covered.has(flag));
    expect(uncovered, 'flags of `mcptest ci` without an input in action.yml').toEqual([]);
    for (const input of ['api-url', 'suite']) expect(action.inputs[input]?.required, input).toBe(true);
    // Each input's description names its flag, so the action's page documents the CLI's meaning.
    for (const [input, flag] of Object.entries(FLAG_OF_INPUT)) {
      expect(action.inputs[input]?.description, input).toContain(`--${flag}`);
    }
  });

  it('turns every input into the flag the CLI reads back as the same value', async () => {
    const { argv, token } = await runStep({
      'api-url': 'https://mcptest.example.com',
      suite: 'cm9k2x7',
      token: 'mcpt_secret',
      wait: '900',
      junit: 'reports/mcptest.xml',
      markdown: 'reports/mcptest.md',
      commit: 'abc123',
      branch: 'feature/x',
      'idempotency-key': 'deploy-7',
      progress: 'false',
    });
    expect(argv.slice(0, 3)).toEqual(['--yes', `@mcptest/cli@${step.env?.MCPTEST_CLI_VERSION}`, 'ci']);
    expect(argv).not.toContain('mcpt_secret');
    expect(token).toBe('mcpt_secret');
    expect(parseCiArgs(argv.slice(3))).toEqual({
      help: false,
      args: {
        api: 'https://mcptest.example.com',
        suite: 'cm9k2x7',
        token: undefined,
        waitSeconds: 900,
        junit: 'reports/mcptest.xml',
        markdown: 'reports/mcptest.md',
        commitSha: 'abc123',
        branch: 'feature/x',
        idempotencyKey: 'deploy-7',
        json: false,
        progress: false,
        noColor: false,
      },
    });
  });

  it('leaves out the flags of empty inputs (the CLI then reads GitHub variables) and keeps the step’s MCPTEST_TOKEN', async () => {
    const { argv, token } = await runStep(
      { 'api-url': 'https://mcptest.example.com', suite: 's1' },
      { MCPTEST_TOKEN: 'mcpt_from_env' },
    );
    expect(argv.slice(3)).toEqual(['--api', 'https://mcptest.example.com', '--suite', 's1', '--wait', '600']);
    expect(token).toBe('mcpt_from_env');
  });

  it("keeps the runner's Node.js when it is new enough, else sets up 24; an explicit node-version wins", async () => {
    const nodeDir = path.dirname(process.execPath); // this test's Node.js: 20.18.1 or later, as the repo requires
    expect(await nodeSetup({}, `${nodeDir}:/usr/bin:/bin`)).toBe('');
    expect(await nodeSetup({ 'node-version': '22' }, `${nodeDir}:/usr/bin:/bin`)).toBe('22');
    // An old Node.js (the check exits 1) and none at all.
    const old = path.join(dir, 'old-node');
    await mkdir(old, { recursive: true });
    await writeFile(path.join(old, 'node'), '#!/bin/sh\nexit 1\n');
    await chmod(path.join(old, 'node'), 0o755);
    expect(await nodeSetup({}, `${old}:/usr/bin:/bin`)).toBe('24');
    expect(await nodeSetup({}, path.join(dir, 'nothing-here'))).toBe('24');
  });

  it('passes a value with shell metacharacters through as one argument', async () => {
    const { argv } = await runStep({ 'api-url': 'https://x.example', suite: 's1', branch: 'a b;$(touch pwned)"' });
    expect(argv.slice(-2)).toEqual(['--branch', 'a b;$(touch pwned)"']);
  });
});
