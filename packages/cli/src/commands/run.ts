// `mcptest run <suites...>`: execute suites against MCP servers and report (DESIGN.md, CLI contract). Exit 0 when
// every assertion passed or was skipped, 1 on any failure or regression, 2 on usage, configuration or file errors.
import { setMaxListeners } from 'node:events';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  assertNever,
  budgetExhaustedMessage,
  EnvError,
  formatJsonReport,
  formatProgressLine,
  formatTerminalReport,
  parseBaseline,
  shouldUseColor,
  type Baseline,
  checksFor,
  type ExecPolicy,
  type LoadedSuite,
  type SuiteConformanceReport,
} from '@mcptest/core';
import {
  createMemoryCallBudget,
  createSafeFetch,
  executeSuite,
  type ExecutedAssertion,
  type ExecutionEvent,
} from '@mcptest/mcp';
import { readCliEnv, type CliEnv } from '../env';
import { buildRunReport } from '../run/build-run-report';
import { cliExecPolicy, suiteExecPolicy } from '../run/cli-policy';
import { createFileSnapshotStore, snapshotFileFor, type FileSnapshotStore } from '../run/file-snapshot-store';
import { parseRunArgs, type RunArgs } from '../run/parse-run-args';
import { limitSuiteBudget } from '../run/suite-budget';
import { writeReportFiles } from '../run/write-report-files';
import type { CliResult } from '../run-cli';
import { collectSuiteFiles, loadSuiteFiles } from '../suite-files';

export const RUN_USAGE = `usage: mcptest run <suite files or dirs...> [options]

Runs YAML suites (directories are searched recursively, like validate) against MCP servers. Progress goes
to stderr as each assertion finishes; the report goes to stdout.

Server:
  --url URL                 test this server instead of every assertion's server: block
  --transport auto|http|sse transport of --url (default auto: Streamable HTTP, then legacy SSE)
  --protocol auto|2026-07-28|2025-11-25|2025-06-18|2025-03-26|2024-11-05|modern|legacy
                            MCP protocol era of every session, over the suites' protocol: (default auto:
                            server/discover, then the 2025 initialize handshake)
  --header "Name: value"    HTTP header for --url and suite HTTP servers (repeatable)
  --fixture DIR             {{fixture}} directory (default: each suite's fixture:, relative to the suite)
  --session per-assertion|shared
                            one session per assertion (default, isolated) or one per suite (faster)
Policy:
  --execute-destructive     allow Destructive tools (at most once per run)
  --max-calls N             stop after N tool calls (the rest SKIP)
  --concurrency N           calls in flight at once, 1-32 (default 2)
  --call-delay MS           least time between calls (default 100)
  --trials N                run each assertion N times and report pass@k / pass^k (default 1)
Output:
  --json                    print the JSON report (and nothing else) on stdout
  --junit FILE              write a JUnit XML report
  --markdown FILE           write a Markdown report (also appended to $GITHUB_STEP_SUMMARY when set)
  --badge FILE              write a badge: FILE.svg (image) or FILE.json (shields.io endpoint)
  --baseline FILE           report regressions (PASS before, not now) against a saved baseline
  --save-baseline FILE      save this run's results as a baseline
  --update-snapshots        record snapshot: expectations instead of comparing them
  --no-color                no ANSI colour (NO_COLOR and FORCE_COLOR are honoured too)
Exit 0 all passed (skips allowed), 1 a failure or regression, 2 usage/config/file error or interrupted run.
`;

/** How `runCommand` talks to the world; every field is optional (the process is the default). */
export interface RunCommandIo {
  /** Receives progress lines as assertions finish, and notes. Default: process.stderr. */
  stderr?: (text: string) => void;
  /** Whether stderr / stdout are terminals (colour). Default: the process's streams. */
  stderrIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  /** The environment. Default: process.env (through the CLI's env module). */
  env?: Record<string, string | undefined>;
  /** Stops the run; without it, the first SIGINT does. */
  signal?: AbortSignal;
  cwd?: string;
  now?: () => Date;
}

/**
 * A configuration error, exit 2: `lines` printed with the command's prefix, after `located` lines printed as they are
 * (`file:line:col: message`, which editors and CI annotations recognise only at the start of a line).
 */
class ConfigError extends Error {
  constructor(
    readonly lines: readonly string[],
    readonly located: readonly string[] = [],
  ) {
    super([...located, ...lines].join('\n'));
  }
}

const fail = (message: string, usage = false): CliResult => ({
  exitCode: 2,
  stdout: '',
  stderr: `mcptest run: ${message}\n${usage ? `\n${RUN_USAGE}` : ''}`,
});

/** Runs `mcptest run`; progress streams to `io.stderr`, the report comes back as the result's stdout. */
export async function runCommand(argv: readonly string[], io: RunCommandIo = {}): Promise<CliResult> {
  const cwd = io.cwd ?? process.cwd();
  const parsed = parseRunArgs(argv, cwd);
  if (!parsed.ok) return fail(parsed.message, true);
  if (parsed.help) return { exitCode: 0, stdout: RUN_USAGE, stderr: '' };
  const args = parsed.args;

  let env: CliEnv;
  try {
    env = io.env ? readCliEnv(io.env) : readCliEnv();
  } catch (error) {
    if (error instanceof EnvError) return fail(error.message);
    throw error;
  }

  let prepared: PreparedRun;
  try {
    prepared = await prepareRun(args);
  } catch (error) {
    if (error instanceof ConfigError) {
      const located = error.located.map((line) => `${line}\n`).join('');
      return { exitCode: 2, stdout: '', stderr: located + formatProblems(error.lines) };
    }
    throw error;
  }

  const controller = new AbortController();
  // One signal for the whole run is shared by every request of every assertion (each adds its own abort listener while
  // it runs), so Node's 10-listener leak warning would be a false alarm on long suites.
  setMaxListeners(0, controller.signal);
  const onSigint = () => controller.abort();
  if (io.signal?.aborted) controller.abort();
  else if (io.signal) io.signal.addEventListener('abort', onSigint, { once: true });
  else process.once('SIGINT', onSigint);
  try {
    return await execute(args, env, prepared, io, controller.signal);
  } finally {
    if (io.signal) io.signal.removeEventListener('abort', onSigint);
    else process.removeListener('SIGINT', onSigint);
  }
}

function formatProblems(lines: readonly string[]): string {
  return lines.map((line) => `mcptest run: ${line}\n`).join('');
}

interface PreparedSuite {
  suite: LoadedSuite;
  policy: ExecPolicy;
  fixtureDir?: string | undefined;
  snapshots: FileSnapshotStore;
}

interface PreparedRun {
  suites: PreparedSuite[];
  baseline?: Baseline | undefined;
  basePolicy: ExecPolicy;
}

/** Everything that can be wrong before a single call: files, suites, baseline, fixtures, policies, servers. */
async function prepareRun(args: RunArgs): Promise<PreparedRun> {
  const { files, problems } = await collectSuiteFiles(args.paths);
  if (problems.length > 0) throw new ConfigError(problems);
  const loaded = await loadSuiteFiles(files);
  if (!loaded.ok) {
    const count = loaded.problems.length;
    throw new ConfigError(
      [`${count} ${count === 1 ? 'error' : 'errors'} in the suites; nothing was run`],
      loaded.problems,
    );
  }

  let baseline: Baseline | undefined;
  if (args.baseline !== undefined) {
    let text: string;
    try {
      text = await readFile(args.baseline, 'utf8');
    } catch (error) {
      throw new ConfigError([`--baseline ${args.baseline}: cannot read (${messageOf(error)})`]);
    }
    const parsedBaseline = parseBaseline(text);
    if (!parsedBaseline.ok) throw new ConfigError([`--baseline ${args.baseline}: ${parsedBaseline.error}`]);
    baseline = parsedBaseline.baseline;
  }

  if (args.fixture !== undefined && !(await isDirectory(args.fixture))) {
    throw new ConfigError([`--fixture ${args.fixture}: not a directory`]);
  }

  const basePolicy = cliExecPolicy(args);
  const errors: string[] = [];
  const located: string[] = [];
  const suites: PreparedSuite[] = [];
  for (const suite of loaded.suites) {
    const policy = suiteExecPolicy(basePolicy, suite.policy);
    if (!policy.ok) {
      errors.push(`${suite.file}: ${policy.message}`);
      continue;
    }
    let fixtureDir = args.fixture;
    if (fixtureDir === undefined && suite.fixture !== undefined) {
      fixtureDir = path.resolve(path.dirname(suite.file), suite.fixture);
      if (!(await isDirectory(fixtureDir))) {
        errors.push(`${suite.file}: fixture ${suite.fixture} (${fixtureDir}) is not a directory`);
        continue;
      }
    }
    if (args.url === undefined) {
      for (const assertion of suite.assertions) {
        if (assertion.kind !== 'trajectory' && !assertion.server && !assertion.skip) {
          located.push(
            `${assertion.file}:${assertion.line}:${assertion.column}: "${assertion.name}" has no server: pass --url or add a server: block`,
          );
        }
      }
    }
    suites.push({
      suite: withHeaders(suite, args.url === undefined ? args.headers : {}),
      policy: policy.policy,
      fixtureDir,
      snapshots: createFileSnapshotStore(snapshotFileFor(suite.file), `${suite.file}#`),
    });
  }
  if (errors.length > 0 || located.length > 0) throw new ConfigError(errors, located);
  return { suites, baseline, basePolicy };
}

/** Adds `--header` values to the suite's HTTP servers (without --url they have nowhere else to go); flags win. */
function withHeaders(suite: LoadedSuite, headers: Record<string, string>): LoadedSuite {
  if (Object.keys(headers).length === 0) return suite;
  return {
    ...suite,
    assertions: suite.assertions.map((assertion) =>
      assertion.server?.url === undefined
        ? assertion
        : { ...assertion, server: { ...assertion.server, headers: { ...assertion.server.headers, ...headers } } },
    ),
  };
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function execute(
  args: RunArgs,
  env: CliEnv,
  prepared: PreparedRun,
  io: RunCommandIo,
  signal: AbortSignal,
): Promise<CliResult> {
  const writeErr = io.stderr ?? ((text: string) => void process.stderr.write(text));
  const now = io.now ?? (() => new Date());
  const progressColor =
    !args.noColor && shouldUseColor({ isTTY: io.stderrIsTTY ?? process.stderr.isTTY, env: env.raw });
  const reportColor = !args.noColor && shouldUseColor({ isTTY: io.stdoutIsTTY ?? process.stdout.isTTY, env: env.raw });

  // A conformance block adds one result per check of its revision (and one per stale expected_failures entry).
  const total = prepared.suites.reduce(
    (sum, s) =>
      sum +
      s.suite.assertions.length * args.trials +
      (s.suite.conformance ? checksFor(s.suite.conformance.revision).length : 0),
    0,
  );
  let finished = 0;
  const notes: string[] = [];
  const onEvent = (event: ExecutionEvent) => {
    switch (event.type) {
      case 'assertion.finished':
        finished += 1;
        writeErr(`${formatProgressLine(event.result, { color: progressColor, index: finished, total })}\n`);
        break;
      case 'budget.exhausted': {
        const note = `${budgetExhaustedMessage(event)}; the remaining assertions were skipped`;
        if (!notes.includes(note)) notes.push(note);
        break;
      }
      case 'assertion.started':
        break;
      default:
        assertNever(event);
    }
  };

  const started = Date.now();
  const budget = createMemoryCallBudget({ maxCalls: prepared.basePolicy.max_calls });
  const safeFetch = createSafeFetch({ allowPrivateNetworks: env.allowPrivateNetworks });
  const trials: ExecutedAssertion[] = [];
  const protocolVersions = new Set<string>();
  const conformance: SuiteConformanceReport[] = [];
  try {
    for (const { suite, policy, fixtureDir, snapshots } of prepared.suites) {
      const outcome = await executeSuite(suite, {
        serverOverride:
          args.url === undefined ? undefined : { url: args.url, transport: args.transport, headers: args.headers },
        ...(args.protocol === undefined ? {} : { protocol: args.protocol }),
        fetch: safeFetch,
        allowStdio: true,
        // The user's own machine: file_* expectations, audit_log and fixtures read its files (bounded, see the executor).
        allowLocalFiles: true,
        policy,
        budget: limitSuiteBudget(budget, prepared.basePolicy.max_calls, policy.max_calls),
        trials: args.trials,
        fixtureDir,
        isolateFixtures: true,
        env: env.raw,
        updateSnapshots: args.updateSnapshots,
        snapshotStore: snapshots,
        sessionMode: args.session,
        onEvent,
        signal,
      });
      trials.push(...outcome.results);
      if (outcome.protocolVersion !== undefined) protocolVersions.add(outcome.protocolVersion);
      if (outcome.conformance) conformance.push({ ...outcome.conformance, file: suite.file });
      // The budget and an interrupt are already reported (event above, "interrupted" below); anything else is new.
      const reason = outcome.stoppedReason;
      if (reason !== undefined && !signal.aborted && !notes.some((note) => note.startsWith(reason))) {
        notes.push(`${suite.file}: ${reason}`);
      }
    }
  } catch (error) {
    return { exitCode: 2, stdout: '', stderr: formatProblems([`the run stopped: ${messageOf(error)}`, ...notes]) };
  } finally {
    await safeFetch.close();
  }

  const problems: string[] = [];
  for (const { snapshots } of prepared.suites) {
    try {
      if (await snapshots.flush()) notes.push(`snapshots written to ${snapshots.file}`);
    } catch (error) {
      problems.push(`cannot write ${snapshots.file}: ${messageOf(error)}`);
    }
  }

  const report = buildRunReport({
    name: prepared.suites.length === 1 && prepared.suites[0] ? prepared.suites[0].suite.name : args.paths.join(' '),
    trials,
    baseline: prepared.baseline,
    durationMs: Date.now() - started,
    ...(protocolVersions.size === 0 ? {} : { protocolVersion: [...protocolVersions].join(', ') }),
    conformance,
  });
  problems.push(
    ...(await writeReportFiles(
      report,
      {
        junit: args.junit,
        markdown: args.markdown,
        badge: args.badge,
        saveBaseline: args.saveBaseline,
        githubStepSummary: env.githubStepSummary,
      },
      now(),
    )),
  );
  if (signal.aborted) problems.push('interrupted: assertions not yet run were skipped');

  const stdout = args.json ? formatJsonReport(report) : formatTerminalReport(report, { color: reportColor });
  const stderr = formatProblems([...notes, ...problems]);
  const testsFailed = report.summary.failed > 0 || report.regressions.length > 0;
  return { exitCode: problems.length > 0 ? 2 : testsFailed ? 1 : 0, stdout, stderr };
}
