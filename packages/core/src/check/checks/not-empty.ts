import { quote } from '../excerpt';
import { fail, type Check } from '../expectation';

/** not_empty: some text other than what a tool returns for nothing (`null`, `[]`, `{}`), as mcp-assert counts it. */
export const checkNotEmpty: Check = ({ expect, text }) => {
  if (expect.not_empty !== true) return undefined;
  const trimmed = text.trim();
  if (trimmed !== '' && trimmed !== 'null' && trimmed !== '[]' && trimmed !== '{}') return undefined;
  return fail('not_empty', 'a non-empty result', quote(trimmed), `expected non-empty result, got: ${quote(trimmed)}`);
};
