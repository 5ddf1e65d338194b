import { z } from 'zod';

/**
 * Zod schemas for the trajectory keys of an assertion document: `trace`, `audit_log` and `trajectory`.
 *
 * Key names and shapes follow mcp-assert (`TraceEntry` / `TrajectoryAssertion` in its types.go) so its
 * suites load unchanged. Objects are strict: mcp-assert silently ignores unknown keys, which turns a typo
 * such as `tool:` instead of `tools:` into a vacuous pass; we reject them so the loader can suggest the
 * nearest key instead.
 *
 * The user-facing text of every key (and an example) is its `.meta()`: docs/suite-reference.md is generated from it
 * (`npm run docs:generate`).
 */

/** Free-form tool arguments, as recorded in a trace or expected by `args_contain`. */
const ArgsSchema = z.record(z.string(), z.unknown());

/** One recorded tool call. */
export const TraceEntrySchema = z
  .strictObject({
    tool: z
      .string()
      .min(1)
      .meta({ description: 'Name of the tool that was called.', examples: ['search'] }),
    args: ArgsSchema.nullable()
      .optional()
      .meta({
        description: 'Arguments the tool was called with; an empty `args:` means "no arguments".',
        examples: [{ query: 'mcp' }],
      }),
  })
  .meta({ description: 'One recorded tool call of an inline `trace`.' });

/** `trace`: an inline, ordered list of tool calls to check instead of calling a server. */
export const TraceSchema = z.array(TraceEntrySchema);

/**
 * `audit_log`: path to a JSONL file with one tool call per line (`{"tool": "...", "args": {...}}`).
 * `{{fixture}}` in the path is substituted. When both `audit_log` and `trace` are set, mcp-assert uses
 * `audit_log`.
 */
export const AuditLogSchema = z.string().min(1);

/** Tool names for `order` / `presence` / `absence`. Empty lists are rejected: they would always pass. */
const ToolListSchema = z.array(z.string().min(1)).min(1);

/** `order`: the tools appear in this order in the trace (a subsequence; other calls may sit between). */
export const TrajectoryOrderSchema = z
  .strictObject({
    type: z.literal('order'),
    tools: ToolListSchema.meta({
      description: 'Tool names in the order they must appear.',
      examples: [['search', 'fetch']],
    }),
  })
  .meta({ description: 'The tools appear in this order in the trace (a subsequence; other calls may sit between).' });

/** `presence`: every listed tool is called at least once. */
export const TrajectoryPresenceSchema = z
  .strictObject({
    type: z.literal('presence'),
    tools: ToolListSchema.meta({
      description: 'Tool names that must each appear at least once.',
      examples: [['search']],
    }),
  })
  .meta({ description: 'Every listed tool is called at least once.' });

/** `absence`: none of the listed tools is ever called. */
export const TrajectoryAbsenceSchema = z
  .strictObject({
    type: z.literal('absence'),
    tools: ToolListSchema.meta({ description: 'Tool names that must never appear.', examples: [['delete_file']] }),
  })
  .meta({ description: 'None of the listed tools is ever called.' });

/**
 * `args_contain`: the first call of `tool` has every key in `args`, with a matching value. Other keys of the
 * call are ignored (partial match).
 */
export const TrajectoryArgsContainSchema = z
  .strictObject({
    type: z.literal('args_contain'),
    tool: z
      .string()
      .min(1)
      .meta({ description: 'The single tool whose first call is inspected.', examples: ['search'] }),
    args: ArgsSchema.meta({
      description: 'Expected argument key/values (partial: the call may have more keys).',
      examples: [{ query: 'mcp' }],
    }),
  })
  .meta({
    description: 'The first call of `tool` has every key in `args`, with a matching value; other keys are ignored.',
  });

/** One trajectory assertion, discriminated by `type`. */
export const TrajectoryAssertionSchema = z.discriminatedUnion('type', [
  TrajectoryOrderSchema,
  TrajectoryPresenceSchema,
  TrajectoryAbsenceSchema,
  TrajectoryArgsContainSchema,
]);

/** `trajectory`: assertions on the trace, checked in order; the first failure is reported. */
export const TrajectorySchema = z.array(TrajectoryAssertionSchema).min(1);

/** The trajectory assertion types, for "did you mean" suggestions and docs. */
export const TRAJECTORY_ASSERTION_TYPES = ['order', 'presence', 'absence', 'args_contain'] as const;

/**
 * The trajectory-related top-level keys of an assertion document, as a zod shape the loader can spread
 * into its own strict document object.
 */
export const trajectoryDocumentShape = {
  trace: TraceSchema.optional().meta({
    description: 'An inline, ordered list of tool calls to check with `trajectory`.',
    examples: [[{ tool: 'search', args: { query: 'mcp' } }, { tool: 'fetch' }]],
  }),
  audit_log: AuditLogSchema.optional().meta({
    description:
      'Path to a JSONL file with one tool call per line (`{"tool": "...", "args": {...}}`) to check instead of ' +
      '`trace`; `{{fixture}}` is substituted. CLI only.',
    examples: ['{{fixture}}/audit.jsonl'],
  }),
  trajectory: TrajectorySchema.optional().meta({
    description:
      'Checks on the `trace` or `audit_log`, in order; the first failure is reported' + '. No server is called.',
    examples: [
      [
        { type: 'order', tools: ['search', 'fetch'] },
        { type: 'absence', tools: ['delete_file'] },
      ],
    ],
  }),
};

/** One recorded tool call. */
export type TraceEntry = z.infer<typeof TraceEntrySchema>;
/** An ordered tool-call sequence. */
export type Trace = z.infer<typeof TraceSchema>;
/** One trajectory assertion. */
export type TrajectoryAssertion = z.infer<typeof TrajectoryAssertionSchema>;
/** A list of trajectory assertions. */
export type Trajectory = z.infer<typeof TrajectorySchema>;
