// `mcptest ci --api URL --suite ID`: trigger a run of a hosted suite through the REST API, stream its progress, wait
// for it, report it and write JUnit / Markdown (docs/ci.md). Exit 0 when the run passed with no regression, 1 when it
// failed, errored, was cancelled or regressed, 2 on usage, auth or connection errors or a run unfinished in --wait.
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { budgetExhaustedMessage, EnvError, formatProgressLine, shouldUseColor } from '@mcptest/core';
import { UsageError } from '../cli-flags';
import { readCliEnv, type CliEnv } from '../env';
import type { CliResult } from '../run-cli';
import type { ApiRun, CiRunEvent } from '../ci/api-schemas';
import { ApiError, createApiClient, printable, type ApiClient } from '../ci/call-api';
import { deriveTriggerDefaults, readCiEnv, type CiEnv } from '../ci/derive-trigger-defaults';
import { followRun } from '../ci/follow-run';
import { formatCiJunit, formatCiMarkdown, formatCiTerminal, reportName, runSucceeded } from '../ci/format-ci-report';
import { getRun, getSuiteName, runPath } from '../ci/get-run';
import { normalizeApiUrl, parseCiArgs, type CiArgs } from '../ci/parse-ci-args';
import { triggerRun } from '../ci/trigger-run';

export const CI_USAGE = `usage: mcptest ci --api URL --suite ID [options]

Triggers a run of a hosted suite (POST /api/v1/suites/{id}/runs), prints its progress on stderr as
assertions finish, waits for it, prints the result on stdout and writes the reports you ask for.

Run:
  --api URL                 the mcptest service (default: $MCPTEST_API_URL)
  --suite ID                the suite to run (required)
  --token T                 API token with the run scope (default: $MCPTEST_TOKEN; prefer the variable,
                            a flag shows in the process list)
  --wait SECONDS            how long to wait for the run to finish, 1-21600 (default 600)
  --commit SHA              commit to record (default: $GITHUB_SHA or $CI_COMMIT_SHA)
  --branch NAME             branch to record (default: $GITHUB_HEAD_REF, $GITHUB_REF_NAME or
                            $CI_COMMIT_REF_NAME)
  --idempotency-key KEY     same key, same run (default: derived from the CI run and the suite, so a
                            retried step reuses its run; a fresh key per invocation outside CI)
Output:
  --json                    print the run as JSON (the API's run object) on stdout
  --junit FILE              write a JUnit XML report (the server's, or one built from the results)
  --markdown FILE           write a Markdown summary; it is also appended to $GITHUB_STEP_SUMMARY when set
  --no-progress             do not print a line per finished assertion
  --no-color                no ANSI colour (NO_COLOR and FORCE_COLOR are honoured too)
Exit 0 the run passed with no regression, 1 it failed, errored, was cancelled or regressed,
2 usage, token or connection error, or the run had not finished within --wait.
`;

/** How `ciCommand` talks to the world; every field is optional (the process is the default). */
export interface CiCommandIo {
  /** Receives progress lines and notes as they happen. Default: process.stderr. */
  stderr?: (text: string) => void;
  stderrIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  /** The environment. Default: process.env (through the CLI's env module). */
  env?: Record<string, string | undefined>;
  /** Stops waiting (the run goes on); without it, the first SIGINT does. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Between two GET /runs/{id} when the event stream is not available. Default 2000. */
  pollIntervalMs?: number;
  /** Bound of each API request. Default 30000. */
  requestTimeoutMs?: number;
  /** The idempotency key outside CI. Default: a random UUID. */
  randomKey?: () => string;
}

/** Everything resolved before the first request. */
interface CiPlan {
  args: CiArgs;
  env: CliEnv;
  api: string;
  token: string;
  commitSha?: string;
  branch?: string;
  idempotencyKey: string;
  keySource: 'flag' | 'github' | 'gitlab' | 'random';
}

const PREFIX = 'mcptest ci: ';

/** Runs `mcptest ci`; progress streams to `io.stderr`, the summary comes back as the result's stdout. */
export async function ciCommand(argv: readonly string[], io: CiCommandIo = {}): Promise<CliResult> {
  let plan: CiPlan;
  try {
    const parsed = parseCiArgs(argv);
    if (parsed.help) return { exitCode: 0, stdout: CI_USAGE, stderr: '' };
    plan = resolvePlan(parsed.args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      return { exitCode: 2, stdout: '', stderr: `${PREFIX}${error.message}\n\n${CI_USAGE}` };
    }
    if (error instanceof EnvError) return { exitCode: 2, stdout: '', stderr: `${PREFIX}${error.message}\n` };
    throw error;
  }

  // The token must never reach the output, even if a server echoes it back in a message.
  const scrub = (text: string) => (plan.token.length >= 4 ? text.split(plan.token).join('***') : text);
  const rawErr = io.stderr ?? ((text: string) => void process.stderr.write(text));
  const writeErr = (text: string) => rawErr(scrub(text));

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  if (io.signal?.aborted) controller.abort();
  else if (io.signal) io.signal.addEventListener('abort', onSigint, { once: true });
  else process.once('SIGINT', onSigint);
  try {
    const result = await execute(plan, io, writeErr, controller.signal);
    return { ...result, stdout: scrub(result.stdout), stderr: scrub(result.stderr) };
  } finally {
    if (io.signal) io.signal.removeEventListener('abort', onSigint);
    else process.removeListener('SIGINT', onSigint);
  }
}

function resolvePlan(args: CiArgs, io: CiCommandIo): CiPlan {
  const env = io.env ? readCliEnv(io.env) : readCliEnv();
  const ciEnv: CiEnv = readCiEnv(env.raw);
  const api =
    args.api ??
    (ciEnv.MCPTEST_API_URL === undefined ? undefined : normalizeApiUrl(ciEnv.MCPTEST_API_URL, 'MCPTEST_API_URL'));
  if (api === undefined) throw new UsageError('--api URL is required (or set MCPTEST_API_URL)');
  const token = args.token ?? ciEnv.MCPTEST_TOKEN?.trim();
  if (token === undefined || token === '') {
    throw new UsageError('no API token: set MCPTEST_TOKEN (a CI secret) or pass --token');
  }
  // Not echoed: a malformed token is still a secret.
  if (/\s/.test(token)) {
    throw new UsageError(`the API token (${args.token ? '--token' : 'MCPTEST_TOKEN'}) may not contain whitespace`);
  }
  const defaults = deriveTriggerDefaults(ciEnv, args.suite);
  const commitSha = args.commitSha ?? defaults.commitSha;
  const branch = args.branch ?? defaults.branch;
  let idempotencyKey: string;
  let keySource: CiPlan['keySource'];
  if (args.idempotencyKey !== undefined) {
    idempotencyKey = args.idempotencyKey;
    keySource = 'flag';
  } else if (defaults.idempotencyKey !== undefined && defaults.ci !== undefined) {
    idempotencyKey = defaults.idempotencyKey;
    keySource = defaults.ci;
  } else {
    // Still sent outside CI: it makes retrying the trigger after a lost answer safe (no second run).
    idempotencyKey = `cli:${(io.randomKey ?? randomUUID)()}`;
    keySource = 'random';
  }
  return {
    args,
    env,
    api,
    token,
    ...(commitSha !== undefined && { commitSha }),
    ...(branch !== undefined && { branch }),
    idempotencyKey,
    keySource,
  };
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * A failed request as the exit-2 result, with a hint for the statuses a CI setup gets wrong (the 403 and 404 hints are
 * about the trigger, before any run exists).
 */
function apiFailure(what: string, error: ApiError, plan: CiPlan, notes: readonly string[] = []): CliResult {
  const triggering = notes.length === 0;
  const hints: Partial<Record<number, string>> = {
    401: `check the token in ${plan.args.token ? '--token' : 'MCPTEST_TOKEN'}: unknown, revoked or expired`,
    ...(triggering && {
      403: "the token needs the run scope, and access to the suite's project",
      404: `no suite ${plan.args.suite} that this token can see at ${plan.api}`,
    }),
  };
  const hint = error.status === undefined ? undefined : hints[error.status];
  const lines = [`${what}: ${error.message}`, ...(hint ? [hint] : []), ...notes];
  return { exitCode: 2, stdout: '', stderr: lines.map((line) => `${PREFIX}${line}\n`).join('') };
}

async function execute(
  plan: CiPlan,
  io: CiCommandIo,
  writeErr: (text: string) => void,
  signal: AbortSignal,
): Promise<CliResult> {
  const { args, env } = plan;
  const now = io.now ?? Date.now;
  const started = now();
  const deadline = started + args.waitSeconds * 1000;
  const note = (message: string) => writeErr(`${PREFIX}${message}\n`);
  const progressColor =
    !args.noColor && shouldUseColor({ isTTY: io.stderrIsTTY ?? process.stderr.isTTY, env: env.raw });
  const reportColor = !args.noColor && shouldUseColor({ isTTY: io.stdoutIsTTY ?? process.stdout.isTTY, env: env.raw });

  const apiUrl = new URL(plan.api);
  if (apiUrl.protocol === 'http:' && !isLoopback(apiUrl.hostname)) {
    note(`warning: ${apiUrl.host} is plain http; the token is sent unencrypted`);
  }
  const client: ApiClient = createApiClient({
    baseUrl: plan.api,
    token: plan.token,
    fetch: io.fetch,
    requestTimeoutMs: io.requestTimeoutMs,
    sleep: io.sleep,
    onRetry: note,
  });

  const keyFrom = {
    flag: ' (--idempotency-key)',
    github: ' from GitHub Actions',
    gitlab: ' from GitLab CI',
    random: '',
  };
  const facts = [
    plan.commitSha && `commit ${plan.commitSha.slice(0, 12)}`,
    plan.branch && `branch ${plan.branch}`,
    `idempotency key ${plan.idempotencyKey}${keyFrom[plan.keySource]}`,
  ].filter(Boolean);
  note(`triggering suite ${args.suite} at ${plan.api} (${facts.join(', ')})`);

  let run: ApiRun;
  let runId: string | undefined;
  let runUrl: string | undefined;
  try {
    const triggered = await triggerRun(client, {
      suiteId: args.suite,
      commitSha: plan.commitSha,
      branch: plan.branch,
      idempotencyKey: plan.idempotencyKey,
      signal,
    });
    runId = triggered.run.id;
    runUrl = triggered.run.url;
    if (triggered.kind === 'finished') {
      note(`run ${printable(runId, 200)} had already finished (same idempotency key)`);
      run = triggered.run;
    } else {
      let startedSeen = false;
      note(`run ${printable(runId, 200)} ${triggered.run.status}${runUrl ? `: ${printable(runUrl, 2000)}` : ''}`);
      const outcome = await followRun({
        client,
        runId,
        deadline,
        now,
        sleep: io.sleep,
        pollIntervalMs: io.pollIntervalMs,
        signal,
        onEvent: (event) => {
          if (event.type === 'run.started') startedSeen = true;
          const line = progressLine(event, progressColor, args.progress);
          if (line !== undefined) writeErr(`${line}\n`);
        },
        onNote: note,
      });
      if (outcome.kind !== 'finished') {
        // The last word on the run's state, for the message (the open stream may have been all there was).
        const last = outcome.kind === 'timeout' ? ((await lastLook(client, runId)) ?? outcome.run) : outcome.run;
        const status = last?.status ?? (startedSeen ? 'running' : triggered.run.status);
        const url = last?.url ?? runUrl;
        const where = url ? `; it goes on at ${printable(url, 2000)}` : '';
        const why =
          outcome.kind === 'timeout'
            ? `run ${printable(runId, 200)} is still ${status} after ${args.waitSeconds} s (--wait)`
            : `interrupted while run ${printable(runId, 200)} is ${status}`;
        return {
          exitCode: 2,
          stdout: args.json ? `${JSON.stringify(last ?? triggered.run, null, 2)}\n` : '',
          stderr: `${PREFIX}${why}${where}\n`,
        };
      }
      run = outcome.run;
    }
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === 'aborted') return { exitCode: 2, stdout: '', stderr: `${PREFIX}interrupted\n` };
      // Once triggered, the run goes on without us: say where to find it.
      const goesOn =
        runId === undefined
          ? []
          : [`run ${printable(runId, 200)} goes on${runUrl ? ` at ${printable(runUrl, 2000)}` : ''}`];
      return apiFailure(runId === undefined ? 'the API request failed' : 'lost the run', error, plan, goesOn);
    }
    throw error;
  }

  const problems = await writeOutputs(client, run, plan, signal, note);
  const stdout = args.json
    ? `${JSON.stringify(run, null, 2)}\n`
    : formatCiTerminal(run, reportName(args.suite), { color: reportColor });
  const stderr = problems.map((line) => `${PREFIX}${line}\n`).join('');
  return { exitCode: problems.length > 0 ? 2 : runSucceeded(run) ? 0 : 1, stdout, stderr };
}

/** One quick GET of the run after the deadline; undefined when it does not answer in time. */
async function lastLook(client: ApiClient, runId: string): Promise<ApiRun | undefined> {
  try {
    return await getRun(client, runId, AbortSignal.timeout(5000));
  } catch {
    return undefined;
  }
}

/** The stderr line for a live event, or undefined for events that print nothing. */
function progressLine(event: CiRunEvent, color: boolean, progress: boolean): string | undefined {
  switch (event.type) {
    case 'assertion.finished':
      return progress ? formatProgressLine(event, { color }) : undefined;
    case 'budget.exhausted':
      return `${PREFIX}${budgetExhaustedMessage(event)}; the remaining assertions are skipped`;
    case 'run.started':
      return event.attempt !== undefined && event.attempt > 1
        ? `${PREFIX}run restarted (attempt ${event.attempt})`
        : `${PREFIX}run started`;
    default:
      return undefined;
  }
}

/**
 * Writes `--junit`, `--markdown` and the step summary; returns a line per file that could not be written. JUnit is
 * the server's own (`GET /runs/{id}/junit.xml`, the file the web UI offers) when it answers, else built from the run's
 * results with core's reporter.
 */
async function writeOutputs(
  client: ApiClient,
  run: ApiRun,
  plan: CiPlan,
  signal: AbortSignal,
  note: (message: string) => void,
): Promise<string[]> {
  const problems: string[] = [];
  const { junit, markdown: markdownFile } = plan.args;
  const stepSummary = plan.env.githubStepSummary;
  if (junit === undefined && markdownFile === undefined && !stepSummary) return problems;
  // Report headings name the suite; the terminal report does not, so only the files need this request.
  const name = reportName(plan.args.suite, await getSuiteName(client, plan.args.suite, signal));
  const write = async (file: string, text: string, append = false) => {
    try {
      if (append) {
        await appendFile(file, text);
      } else {
        await mkdir(path.dirname(path.resolve(file)), { recursive: true });
        await writeFile(file, text);
      }
    } catch (error) {
      problems.push(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  if (junit !== undefined) {
    let xml: string | undefined;
    try {
      const answer = await client.request({ path: runPath(run.id, '/junit.xml'), accept: 'application/xml', signal });
      if (/^\s*(<\?xml|<testsuites)/.test(answer.text)) xml = answer.text;
      else note("the server's junit.xml was not JUnit XML; writing one from the run's results");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      note(`could not fetch the server's junit.xml (${error.message}); writing one from the run's results`);
    }
    await write(junit, xml ?? formatCiJunit(run, name));
  }
  const markdown = formatCiMarkdown(run, name);
  if (markdownFile !== undefined) await write(markdownFile, markdown);
  if (stepSummary) await write(stepSummary, `${markdown}\n`, true);
  return problems;
}
