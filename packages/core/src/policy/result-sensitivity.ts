import type { ToolCallResultData } from '../check';
import { isRecord } from '../util/is-record';
import { META_RESULT_SENSITIVITY } from './read-tool-hints';
import type { ToolDescriptor } from './tool-descriptor';

/** What a redacted result's text and structuredContent are replaced with. */
export const REDACTED_MARKER = '[redacted: mcp.dev/resultSensitivity]';

/**
 * Whether a tool's results must be redacted before storage: `_meta["mcp.dev/resultSensitivity"]` is confidential or
 * restricted. public and internal are stored as they are. Any other value that is present (an unknown word, another
 * case, a non-string) also redacts: someone meant to mark the results as sensitive, and storing a secret cannot be
 * undone, whereas an over-redacted result only costs detail (the lints report the value).
 */
export function shouldRedact(tool: Pick<ToolDescriptor, '_meta'>): boolean {
  if (!isRecord(tool._meta)) return false;
  const value = tool._meta[META_RESULT_SENSITIVITY];
  if (value === undefined) return false;
  return value !== 'public' && value !== 'internal';
}

/**
 * A copy of a tool result safe to store: every content block becomes one text block holding the marker (images,
 * audio and embedded resources carry data too, and a resource link's URI can be sensitive), structuredContent becomes
 * `{ redacted: marker }`, and result `_meta` is dropped. isError is kept, so a stored result still says whether the
 * call failed. Pure: the input is not modified.
 */
export function redactToolResult(result: ToolCallResultData): ToolCallResultData {
  const redacted: { content?: { type: 'text'; text: string }[]; structuredContent?: unknown; isError?: unknown } = {};
  if (result.content !== undefined)
    redacted.content = result.content.map(() => ({ type: 'text', text: REDACTED_MARKER }));
  if (result.structuredContent !== undefined) redacted.structuredContent = { redacted: REDACTED_MARKER };
  if (result.isError !== undefined) redacted.isError = result.isError;
  return redacted;
}
