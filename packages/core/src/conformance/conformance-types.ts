import { z } from 'zod';

/** The revisions with a frozen requirement set (the official harness's `--requirements`). */
export const CONFORMANCE_REVISIONS = ['2025-11-25', '2026-07-28'] as const;
export const ConformanceRevision = z.enum(CONFORMANCE_REVISIONS);
export type ConformanceRevision = z.infer<typeof ConformanceRevision>;

/**
 * A check's verdict. WARN is the official harness's WARNING (a SHOULD that is not met): reported, never a failure.
 * XFAIL is a FAIL listed in `expected_failures`.
 */
export type ConformanceStatus = 'PASS' | 'FAIL' | 'WARN' | 'SKIPPED' | 'XFAIL';

/** What one request got back: a result, a JSON-RPC error, another failure, or why it was not sent. */
export type Observed<T> =
  | { readonly kind: 'result'; readonly value: T }
  | { readonly kind: 'rpc_error'; readonly code: number; readonly message: string; readonly data?: unknown }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'not_run'; readonly reason: string };

/**
 * One raw HTTP exchange: a request the MCP client never sends as it is (headers that disagree with the body, a foreign
 * Host, `_meta` left out), so the runner posts it through the session's SSRF-safe fetch and keeps the HTTP status and
 * the JSON-RPC message that answered it (`body`: the message with the request's id, else the last one; null when the
 * answer was not JSON-RPC).
 */
export type HttpExchange =
  | {
      readonly kind: 'http';
      readonly status: number;
      readonly body: unknown;
      readonly sessionId?: string;
      /** The answer's WWW-Authenticate header, when it had one (the auth-posture check reads its challenges). */
      readonly wwwAuthenticate?: string;
    }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'not_run'; readonly reason: string };

/** What the Mcp-Name header-validation cases are sent with: a request that calls no tool where the server has one. */
export type HeaderNameTarget =
  | { readonly kind: 'resources/read' | 'prompts/get'; readonly name: string }
  | { readonly kind: 'tools/call'; readonly name: string; readonly arguments: Readonly<Record<string, unknown>> }
  | { readonly kind: 'none'; readonly reason: string };

/**
 * Everything the checks judge, gathered by the runner (packages/mcp) through mcptest's own session. Pure data, so the
 * verdicts are table-tested without a server.
 */
export interface ConformanceObservations {
  readonly revision: ConformanceRevision;
  /** The session open: the era and revision found, or why it failed. */
  readonly connect:
    | { readonly ok: true; readonly era: 'modern' | 'legacy'; readonly protocolVersion: string }
    | { readonly ok: false; readonly message: string };
  readonly ping?: Observed<unknown>;
  /** tools/list answers, in order (the 2026-07-28 deterministic-order check asks three times). */
  readonly toolsList?: readonly Observed<unknown>[];
  readonly resourcesList?: Observed<unknown>;
  readonly promptsList?: Observed<unknown>;
  /** completion/complete of the reference fixture's prompt argument (`test_prompt_with_arguments`, `arg1`). */
  readonly completion?: Observed<unknown>;
  /** resources/read of a URI no server serves (SEP-2164). */
  readonly resourceNotFound?: Observed<unknown> & { readonly uri?: string };
  /** resources/templates/list and resources/read of the first listed resource (2026-07-28 caching hints). */
  readonly resourceTemplatesList?: Observed<unknown>;
  readonly cachingRead?: Observed<unknown> & { readonly uri?: string };
  /** The raw 2026-07-28 stateless probes (`STATELESS_PROBES`), by key. */
  readonly stateless?: Readonly<Record<string, HttpExchange>>;
  /** The raw Mcp-Method / Mcp-Name header cases (`headerValidationCases`), by key, and what the name cases used. */
  readonly headerValidation?: {
    readonly target: HeaderNameTarget;
    readonly cases: Readonly<Record<string, HttpExchange>>;
  };
  /**
   * The DNS rebinding probes: the first request of a session (`initialize`, or `server/discover` in 2026-07-28) with a
   * foreign Host and Origin, then with the server's own; or why the check does not apply (a server that is not on
   * localhost).
   */
  readonly dnsRebinding?:
    | { readonly applies: false; readonly reason: string }
    | {
        readonly applies: true;
        readonly foreign: HttpExchange;
        readonly local: HttpExchange;
        /** 2025 revisions: notifications/initialized after the local initialize, with its session id. */
        readonly initialized?: HttpExchange;
      };
  /** tools/call answers by fixture key (`simple_text_tool`, ...), or why the call was not made. */
  readonly toolCalls?: Readonly<Record<string, Observed<unknown> & { readonly tool?: string }>>;
}

/** One check's verdict, with what it saw. */
export interface ConformanceVerdict {
  readonly status: Exclude<ConformanceStatus, 'XFAIL'>;
  readonly message?: string;
  readonly evidence?: unknown;
}

/** A tool the runner may need to call for a check, known by its fixture key. */
export interface ConformanceToolFixture {
  /** The key users name it by (`fixtures: {simple_text_tool: echo}`). */
  readonly key: string;
  /** The official reference fixture's tool name, used when the server lists it and the policy lets it run. */
  readonly defaultTool: string;
  /** Arguments the official harness sends. */
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** One check of the catalog. */
export interface ConformanceCheck {
  /** The official harness's check id (`tools-name-format`). */
  readonly id: string;
  /** The official scenario it belongs to (`tools-list`); `expected_failures` name either. */
  readonly scenario: string;
  readonly title: string;
  readonly specUrl: string;
  readonly revisions: readonly ConformanceRevision[];
  /** Set when the check must call a tool: only a read-only tool or a named fixture is ever called. */
  readonly toolFixture?: ConformanceToolFixture;
  /**
   * Revisions whose requirement file lists the scenario under `not_scored`, with the reason (`pending`: the reference
   * fixture cannot pass it yet). Such a check runs and is reported, but its FAIL does not fail the run, as in the
   * official harness.
   */
  readonly notScoredIn?: Readonly<Partial<Record<ConformanceRevision, string>>>;
  readonly verdict: (observations: ConformanceObservations) => ConformanceVerdict;
}

/** A check's outcome in a report. */
export interface ConformanceResult {
  readonly id: string;
  readonly scenario: string;
  readonly title: string;
  readonly specUrl: string;
  readonly status: ConformanceStatus;
  readonly message?: string;
  readonly evidence?: unknown;
  /** Set when the revision does not score this check (`not_scored` in its requirement file): the reason. */
  readonly notScored?: string;
}

export interface ConformanceSummary {
  readonly revision: ConformanceRevision;
  readonly results: readonly ConformanceResult[];
  readonly counts: Readonly<Record<ConformanceStatus, number>>;
  /** `expected_failures` entries that matched no failing check: the fix landed, the entry should go. */
  readonly staleExpectedFailures: readonly string[];
  /**
   * True when no scored check failed unexpectedly and no entry is stale (the official harness's exit 0; a not-scored
   * check's FAIL is reported but, as there, does not count).
   */
  readonly ok: boolean;
}

/** A conformance run's outcome: the summary plus what the session found and did (`runConformance`, packages/mcp). */
export interface ConformanceRunReport extends ConformanceSummary {
  readonly protocolVersion?: string;
  /** tools/call requests sent, by tool name in order (a destructive tool never appears unless the policy allows it). */
  readonly toolCalls: readonly string[];
  readonly durationMs: number;
}

/** A tool fixture as a user names it: the tool's name, or the name with the arguments to send. */
export const ConformanceFixture = z.union([
  z.string().min(1),
  z.strictObject({ tool: z.string().min(1), arguments: z.record(z.string(), z.unknown()).optional() }),
]);
export type ConformanceFixture = z.infer<typeof ConformanceFixture>;

/** The options a suite's `conformance:` block or the CLI gives. */
export const ConformanceOptions = z.strictObject({
  revision: ConformanceRevision.default('2026-07-28').meta({
    description:
      "The MCP revision whose requirement set is checked (the official harness's `--requirements`); the session " +
      "speaks that revision's era. Default `2026-07-28`.",
    examples: ['2025-11-25'],
  }),
  fixtures: z
    .record(z.string().min(1), ConformanceFixture)
    .default({})
    .meta({
      description:
        'The tool a check that must call one may call, by fixture key (`simple_text_tool`, `error_tool`): a tool ' +
        'name, or `{tool, arguments}`. Naming a tool is consent to call it (a Destructive one still needs the ' +
        "policy's destructive opt-in); without it only the reference fixture's tool is called, and only when the " +
        'policy classifies it read-only; otherwise the check is SKIPPED.',
      examples: [{ simple_text_tool: 'echo', error_tool: { tool: 'fail', arguments: { reason: 'test' } } }],
    }),
  /** `scenario` or `scenario:check`, as the official harness's baseline file. */
  expected_failures: z
    .array(z.string().min(1))
    .default([])
    .meta({
      description:
        "Baseline, as the official harness's: a scenario (`tools-call-error`) or `scenario:check`. A FAIL it names " +
        'is XFAIL; an entry that names no failing check is stale and fails the run.',
      examples: [['completion-complete', 'sep-2164-resource-not-found:sep-2164-data-uri']],
    }),
});
export type ConformanceOptions = z.infer<typeof ConformanceOptions>;
export type ConformanceOptionsInput = z.input<typeof ConformanceOptions>;
