import { defaultExecPolicy, mergeSuitePolicy, type ExecPolicy, type SuitePolicy } from '@mcptest/core';
import type { RunArgs } from './parse-run-args';

/**
 * The policy a CLI run starts from: the service's defaults with the flags applied. On the command line the user is
 * the tenant: the flags are the limits, and each suite's `policy:` may only narrow them (`mergeSuitePolicy`).
 */
export function cliExecPolicy(
  args: Pick<RunArgs, 'executeDestructive' | 'maxCalls' | 'concurrency' | 'callDelayMs'>,
): ExecPolicy {
  const policy = defaultExecPolicy();
  return {
    ...policy,
    execute_destructive: args.executeDestructive,
    max_calls: args.maxCalls ?? policy.max_calls,
    concurrency: args.concurrency ?? policy.concurrency,
    call_delay_ms: args.callDelayMs ?? policy.call_delay_ms,
  };
}

/** What to change on the command line so that a suite's `policy:` field fits. */
const FLAG_HINTS: Readonly<Record<keyof SuitePolicy, string>> = {
  execute_destructive: 'pass --execute-destructive to allow destructive calls',
  max_calls: 'raise --max-calls (or drop it) to at least the suite’s max_calls',
  concurrency: 'pass --concurrency with at least the suite’s concurrency',
  call_delay_ms: 'pass --call-delay with at most the suite’s call_delay_ms',
  annotation_trust: 'a suite may only ask for annotation_trust: cap',
  mutating_words: '',
  destructive_words: '',
};

export type SuiteExecPolicyOutcome = { ok: true; policy: ExecPolicy } | { ok: false; message: string };

/**
 * The policy one suite runs under. `--execute-destructive` is also the suite's opt-in (the user is both tenant and
 * suite author), unless the suite itself says `execute_destructive: false`. A suite asking for more than the flags
 * allow is refused with what to change, rather than silently clamped.
 */
export function suiteExecPolicy(base: ExecPolicy, suitePolicy: SuitePolicy | undefined): SuiteExecPolicyOutcome {
  const optIn: SuitePolicy = {
    ...suitePolicy,
    execute_destructive: suitePolicy?.execute_destructive ?? base.execute_destructive,
  };
  const merged = mergeSuitePolicy(base, optIn);
  if (merged.ok) return merged;
  const hints = merged.error.fields.map((field) => FLAG_HINTS[field]).filter(Boolean);
  // The core message speaks of "the tenant"; on the command line the flags play that part.
  const message = merged.error.message.replace(/the tenant policy|the tenant's|the tenant/g, (m) =>
    m === "the tenant's" ? "the command line's" : 'the command line',
  );
  return { ok: false, message: hints.length > 0 ? `${message} (${hints.join('; ')})` : message };
}
