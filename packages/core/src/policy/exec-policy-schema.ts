import { z } from 'zod';
import { splitWords } from './split-words';

/**
 * The four classes a tool can fall into (DESIGN.md, "Execution safety policy"). `ReadOnlyPresumed` is what a tool gets
 * when nothing says it changes anything: it is treated like ReadOnly, but the UI can show that nobody declared it.
 */
export const ToolClass = z.enum(['ReadOnly', 'ReadOnlyPresumed', 'Mutating', 'Destructive']);
export type ToolClass = z.infer<typeof ToolClass>;

/** How the server's own annotations and `_meta` hints are used (see `classifyTool`). */
export const AnnotationTrust = z.enum(['trust', 'ignore', 'cap']);
export type AnnotationTrust = z.infer<typeof AnnotationTrust>;

/** A word for the name heuristic: it must hold at least one word, because a word of separators alone matches nothing. */
const HeuristicWord = z
  .string()
  .trim()
  .min(1)
  .refine((word) => splitWords(word).length > 0, { message: 'must contain a letter or a digit' });

/** A tenant's decision about one tool or a family of tools; it outranks everything the server says. */
export const ToolClassOverride = z.strictObject({
  /** An exact tool name, or a glob where `*` is any run of characters and `?` one character (case-sensitive). */
  tool: z.string().min(1),
  class: ToolClass,
});
export type ToolClassOverride = z.infer<typeof ToolClassOverride>;

/**
 * A tenant's execution safety policy, stored as JSON on the tenant (`{}` gives every default). Strict: a misspelt knob
 * in a safety setting is an error, never silently a default.
 */
export const ExecPolicy = z.strictObject({
  /** Allow Destructive tools to be called (at most once per run). Off by default: they are refused or generated. */
  execute_destructive: z.boolean().default(false),
  /** Most tool calls in one run; absent means no policy limit (the plan's cap still applies). */
  max_calls: z.int().min(1).optional(),
  /** Most tool calls per tenant per UTC day, across all runs; absent means no policy limit (the plan's cap applies). */
  daily_call_budget: z.int().min(1).optional(),
  /** Calls in flight at once within one run. Bounded so a policy cannot turn mcptest into a load generator. */
  concurrency: z.int().min(1).max(32).default(2),
  /** Least time between consecutive HTTP calls of one run, in milliseconds. */
  call_delay_ms: z.int().min(0).max(60_000).default(100),
  /** How far the server's annotations and `_meta` effect hints are believed: trust, ignore, or cap (see DESIGN.md). */
  annotation_trust: AnnotationTrust.default('trust'),
  /**
   * Per-tool classes. An exact name beats any glob; among matching globs the most cautious class wins, so the order
   * of the list never matters.
   */
  overrides: z.array(ToolClassOverride).default([]),
  /** Words added to the built-in mutating list; an entry of several words (`force-push`) matches them in sequence. */
  mutating_words: z.array(HeuristicWord).default([]),
  /** Words added to the built-in destructive list; an entry of several words matches them in sequence. */
  destructive_words: z.array(HeuristicWord).default([]),
});
export type ExecPolicy = z.infer<typeof ExecPolicy>;
/** A policy as written (every field optional), before defaults are applied. */
export type ExecPolicyInput = z.input<typeof ExecPolicy>;

/** The policy with every default: what a tenant without settings, and the CLI without flags, runs under. */
export function defaultExecPolicy(): ExecPolicy {
  return ExecPolicy.parse({});
}

/**
 * What one suite may ask for. Every field can only narrow the tenant's policy or use what it allows (see
 * `mergeSuitePolicy`); the daily budget and the overrides are the tenant's alone.
 */
export const SuitePolicy = z
  .strictObject({
    execute_destructive: z
      .boolean()
      .optional()
      .meta({
        description: 'Opt in to calling Destructive tools; only honoured when the tenant allows `execute_destructive`.',
        examples: [true],
      }),
    max_calls: z
      .int()
      .min(1)
      .optional()
      .meta({ description: 'Lower the per-run call limit.', examples: [50] }),
    concurrency: z
      .int()
      .min(1)
      .optional()
      .meta({ description: 'Lower the calls in flight.', examples: [1] }),
    call_delay_ms: z
      .int()
      .min(0)
      .max(60_000)
      .optional()
      .meta({ description: 'Raise the delay between consecutive calls, in milliseconds.', examples: [250] }),
    annotation_trust: AnnotationTrust.optional().meta({
      description: "`cap` (the most cautious mode) or the tenant's own mode.",
      examples: ['cap'],
    }),
    mutating_words: z
      .array(HeuristicWord)
      .optional()
      .meta({
        description:
          'More words that mark a tool as Mutating (name heuristic); words can only make a class more cautious.',
        examples: [['sync']],
      }),
    destructive_words: z
      .array(HeuristicWord)
      .optional()
      .meta({
        description: 'More words that mark a tool as Destructive (name heuristic).',
        examples: [['purge']],
      }),
  })
  .meta({
    description:
      "A suite's execution-policy opt-ins (docs/exec-policy.md). Each can only narrow the tenant's policy or use what " +
      "it allows; the daily budget and the per-tool overrides are the tenant's alone.",
  });
export type SuitePolicy = z.infer<typeof SuitePolicy>;

/** Why a suite's policy cannot be used: it asks for more than the tenant allows. `fields` names every offender. */
export interface SuitePolicyError {
  code: 'suite_policy_exceeds_tenant';
  fields: (keyof SuitePolicy)[];
  message: string;
}

export type MergeSuitePolicyOutcome = { ok: true; policy: ExecPolicy } | { ok: false; error: SuitePolicyError };

/**
 * The policy one run of a suite executes under. A suite can narrow (lower max_calls or concurrency, raise the call
 * delay, switch to `cap`, add heuristic words) or opt in to what the tenant allows; asking for more is an error (not a
 * silent clamp), so the author learns why the suite does not run as written.
 *
 * execute_destructive needs both keys: the tenant must allow it AND the suite must opt in. A suite that says nothing
 * runs with it off, so enabling it for one suite does not arm every other suite of the tenant.
 */
export function mergeSuitePolicy(tenant: ExecPolicy, suite: SuitePolicy | undefined): MergeSuitePolicyOutcome {
  const s = suite ?? {};
  const problems: { field: keyof SuitePolicy; why: string }[] = [];

  if (s.execute_destructive === true && !tenant.execute_destructive) {
    problems.push({ field: 'execute_destructive', why: 'the tenant policy does not allow destructive calls' });
  }
  if (s.max_calls !== undefined && tenant.max_calls !== undefined && s.max_calls > tenant.max_calls) {
    problems.push({ field: 'max_calls', why: `${s.max_calls} is above the tenant's limit of ${tenant.max_calls}` });
  }
  if (s.concurrency !== undefined && s.concurrency > tenant.concurrency) {
    problems.push({ field: 'concurrency', why: `${s.concurrency} is above the tenant's ${tenant.concurrency}` });
  }
  if (s.call_delay_ms !== undefined && s.call_delay_ms < tenant.call_delay_ms) {
    problems.push({
      field: 'call_delay_ms',
      why: `${s.call_delay_ms} ms is below the tenant's ${tenant.call_delay_ms} ms`,
    });
  }
  if (
    s.annotation_trust !== undefined &&
    s.annotation_trust !== 'cap' &&
    s.annotation_trust !== tenant.annotation_trust
  ) {
    problems.push({
      field: 'annotation_trust',
      why: `"${s.annotation_trust}" is not the tenant's "${tenant.annotation_trust}" (a suite may only choose "cap")`,
    });
  }

  if (problems.length > 0) {
    return {
      ok: false,
      error: {
        code: 'suite_policy_exceeds_tenant',
        fields: problems.map((p) => p.field),
        message: `the suite's policy asks for more than the tenant allows: ${problems.map((p) => `${p.field}: ${p.why}`).join('; ')}`,
      },
    };
  }

  return {
    ok: true,
    policy: {
      ...tenant,
      execute_destructive: tenant.execute_destructive && s.execute_destructive === true,
      max_calls: s.max_calls ?? tenant.max_calls,
      concurrency: s.concurrency ?? tenant.concurrency,
      call_delay_ms: s.call_delay_ms ?? tenant.call_delay_ms,
      annotation_trust: s.annotation_trust ?? tenant.annotation_trust,
      mutating_words: [...new Set([...tenant.mutating_words, ...(s.mutating_words ?? [])])],
      destructive_words: [...new Set([...tenant.destructive_words, ...(s.destructive_words ?? [])])],
    },
  };
}
