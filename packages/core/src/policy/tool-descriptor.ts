import { z } from 'zod';
import { isRecord } from '../util/is-record';
import { kindOf as describe } from './read-tool-hints';

/**
 * One tool as tools/list describes it. Only the name is required: every other field is kept as found (`unknown`), so
 * that a malformed descriptor still loads and the lints can say what is wrong with it, and unknown fields pass
 * through untouched.
 */
export const ToolDescriptor = z.looseObject({
  name: z.string().min(1, 'must be a non-empty string'),
  title: z.unknown().optional(),
  description: z.unknown().optional(),
  inputSchema: z.unknown().optional(),
  outputSchema: z.unknown().optional(),
  annotations: z.unknown().optional(),
  _meta: z.unknown().optional(),
});
export type ToolDescriptor = z.infer<typeof ToolDescriptor>;

/**
 * Whether the tool must, may or must not be called as a task (MCP 2025-11-25 `execution.taskSupport`); `forbidden`
 * (a plain tools/call) when the listing says nothing or something else. A `required` tool answers a plain call with
 * an error, so callers send these with task augmentation.
 */
export function toolTaskSupport(tool: ToolDescriptor | undefined): 'required' | 'optional' | 'forbidden' {
  const execution = tool?.execution;
  const support = isRecord(execution) ? execution.taskSupport : undefined;
  return support === 'required' || support === 'optional' ? support : 'forbidden';
}

/** A problem with the tool list as a whole (`index` absent) or with one entry, located by index and field. */
export interface ToolListError {
  /** Position of the tool in the list, when the problem is inside one tool. */
  index?: number;
  /** JSON-path-like location: `tools[3].name`, or `$` for the document. */
  path: string;
  message: string;
}

export type ParseToolListOutcome = { ok: true; tools: ToolDescriptor[] } | { ok: false; errors: ToolListError[] };

/**
 * Reads a tools/list result (`{"tools":[...]}`, other fields ignored) or a bare array of tool descriptors. Every
 * problem is reported at once, each located: `tools[2]: expected an object, got a string`, `tools[4].name: ...`.
 */
export function parseToolList(input: unknown): ParseToolListOutcome {
  let list: unknown[];
  let prefix: string;
  if (Array.isArray(input)) {
    list = input;
    prefix = '';
  } else if (isRecord(input) && Array.isArray(input.tools)) {
    list = input.tools;
    prefix = 'tools';
  } else {
    const got = isRecord(input) ? 'an object without a "tools" array' : describe(input);
    return {
      ok: false,
      errors: [{ path: '$', message: `expected a tools/list result {"tools":[...]} or an array of tools, got ${got}` }],
    };
  }

  const tools: ToolDescriptor[] = [];
  const errors: ToolListError[] = [];
  list.forEach((entry, index) => {
    const at = `${prefix}[${index}]`;
    if (!isRecord(entry)) {
      errors.push({ index, path: at, message: `expected a tool object, got ${describe(entry)}` });
      return;
    }
    const parsed = ToolDescriptor.safeParse(entry);
    if (parsed.success) {
      tools.push(parsed.data);
      return;
    }
    // Only `name` can fail (every other field is `unknown`), so say plainly what it must be and what it was.
    const name = entry.name;
    const got = name === undefined ? 'missing' : name === '' ? 'an empty string' : describe(name);
    errors.push({ index, path: `${at}.name`, message: `must be a non-empty string, got ${got}` });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, tools };
}

/** `parseToolList` over JSON text; invalid JSON is one error at `$` carrying the parser's message. */
export function parseToolListJson(text: string): ParseToolListOutcome {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      errors: [{ path: '$', message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` }],
    };
  }
  return parseToolList(input);
}

/** `tools[3].name: is required` — one line per error, for CLI output. */
export function formatToolListError(error: ToolListError): string {
  return `${error.path}: ${error.message}`;
}
