import { z } from 'zod';

/** The specification revisions whose official JSON schema is vendored (`./schemas/<revision>.json`). */
export const WIRE_REVISIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type WireRevision = (typeof WIRE_REVISIONS)[number];

export function isWireRevision(version: string | undefined): version is WireRevision {
  return (WIRE_REVISIONS as readonly string[]).includes(version ?? '');
}

/** Which way a message went, seen from mcptest (the client). */
export type WireDirection = 'sent' | 'received';

/** One way a JSON-RPC message breaks its revision's schema; also the stored and REST shape (Run resource). */
export const WireFinding = z.object({
  message: z.string().meta({ description: 'What is wrong, e.g. "must have required property \'content\'".' }),
  pointer: z.string().meta({ description: 'JSON pointer into the JSON-RPC message ("" for the message itself).' }),
  specLink: z.string().meta({ description: 'The schema reference page of the definition checked against.' }),
  definition: z.string().meta({ description: 'The schema definition checked against, e.g. `CallToolResult`.' }),
  revision: z.enum(WIRE_REVISIONS),
  direction: z.enum(['sent', 'received']).meta({ description: 'Which way the message went, seen from mcptest.' }),
  method: z
    .string()
    .optional()
    .meta({ description: "The request's method (for a response, the method of the request it answers)." }),
  id: z.union([z.string(), z.number()]).optional().meta({ description: 'The JSON-RPC id of a request or response.' }),
  seq: z.int().optional().meta({ description: "The message's position in the assertion's transcript." }),
});
export type WireFinding = z.output<typeof WireFinding>;

/*
 * `wire_schema:` of a suite. The executor validates each assertion's transcript against the negotiated revision;
 * the mode says what a violation does to the assertion (applyWireSchemaMode).
 */
export const WIRE_SCHEMA_MODES = ['strict', 'warn', 'off'] as const;
export const WireSchemaMode = z.enum(WIRE_SCHEMA_MODES);
export type WireSchemaMode = z.output<typeof WireSchemaMode>;
export const DEFAULT_WIRE_SCHEMA_MODE: WireSchemaMode = 'warn';

/**
 * Findings kept per assertion: a server answering with thousands of broken items must not make one result huge; the
 * first ones say what is wrong.
 */
export const MAX_WIRE_FINDINGS_PER_ASSERTION = 50;

/** `https://modelcontextprotocol.io/specification/<revision>/schema#<definition>`, the page's anchor scheme. */
export function wireSpecLink(revision: WireRevision, definition: string): string {
  return `https://modelcontextprotocol.io/specification/${revision}/schema#${definition.toLowerCase()}`;
}

/** One line per finding, as reporters and strict-mode failures show it. */
export function formatWireFinding(finding: WireFinding): string {
  const what = finding.method === undefined ? finding.definition : `${finding.method} (${finding.definition})`;
  const at = finding.pointer === '' ? '' : ` at ${finding.pointer}`;
  return `${finding.direction} ${what}${at}: ${finding.message} [${finding.specLink}]`;
}
