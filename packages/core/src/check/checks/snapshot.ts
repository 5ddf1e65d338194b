import { canonicalJson } from '../../util/canonical-json';
import { excerptAround, firstDifference, quote, trimExcerpt } from '../excerpt';
import { fail, type CheckToolResultOptions, type CheckToolResultOutcome } from '../expectation';
import type { ToolCallResultData } from '../tool-observation';
import { ToolSnapshot, toolSnapshot } from '../tool-snapshot';

/**
 * snapshot: the result (text, isError, structuredContent with keys sorted) equals the stored one. Last in the order and
 * run apart from the other checks, because in update mode it passes and hands back what the store must write.
 */
export function checkSnapshot(result: ToolCallResultData, options: CheckToolResultOptions): CheckToolResultOutcome {
  const current = toolSnapshot(result);
  const stored = options.snapshot === undefined ? undefined : ToolSnapshot.safeParse(options.snapshot);
  const difference =
    stored === undefined
      ? undefined
      : stored.success
        ? snapshotDifference(stored.data, current)
        : {
            expected: 'a stored snapshot {text, isError}',
            got: 'malformed',
            message: 'the stored snapshot is malformed',
          };
  const matches = stored !== undefined && difference === undefined;
  if (options.updateSnapshots === true) return matches ? { ok: true } : { ok: true, snapshotUpdate: current };
  if (stored === undefined) {
    return {
      ok: false,
      failure: fail(
        'snapshot',
        'a stored snapshot',
        'none',
        'snapshot: no stored snapshot; run in update mode to record one',
      ),
    };
  }
  if (difference === undefined) return { ok: true };
  return {
    ok: false,
    failure: fail('snapshot', difference.expected, difference.got, `snapshot: ${difference.message}`),
  };
}

function snapshotDifference(
  stored: ToolSnapshot,
  current: ToolSnapshot,
): { expected: string; got: string; message: string } | undefined {
  if (stored.isError !== current.isError) {
    const expected = `isError=${stored.isError}`;
    const got = `isError=${current.isError}`;
    return { expected, got, message: `response differs from the stored snapshot: want ${expected}, got ${got}` };
  }
  if (stored.text !== current.text) {
    const at = firstDifference(stored.text, current.text);
    const expected = excerptAround(stored.text, at, 0);
    const got = excerptAround(current.text, at, 0);
    return {
      expected,
      got,
      message: `text differs from the stored snapshot at character ${at}: want ${quote(expected)}, got ${quote(got)}`,
    };
  }
  const storedJson = canonicalJson(stored.structuredContent);
  const currentJson = canonicalJson(current.structuredContent);
  if (storedJson !== currentJson) {
    const expected = trimExcerpt(storedJson);
    const got = trimExcerpt(currentJson);
    return {
      expected,
      got,
      message: `structuredContent differs from the stored snapshot: want ${expected}, got ${got}`,
    };
  }
  return undefined;
}
