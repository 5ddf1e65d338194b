import { JSONPath } from 'jsonpath-plus';
import { resultText as checkedResultText } from '../check/result-text';
import type { ToolContentBlock } from '../check/tool-observation';
import { firstJsonValue } from '../util/first-json-value';
import { isRecord } from '../util/is-record';

/** Why a setup capture failed. */
export interface CaptureError {
  code: 'no_json' | 'no_match' | 'invalid_path' | 'script_disabled';
  /** The capture's variable name. */
  name: string;
  /** Its JSONPath, as written. */
  path: string;
  message: string;
}

export type ApplyCapturesResult = { ok: true; captured: Record<string, unknown> } | { ok: false; error: CaptureError };

/**
 * Evaluates each `capture` entry (variable name → JSONPath) over a setup tool's result.
 *
 * mcp-assert joins the result's text blocks with newlines and parses that as JSON. We look, in order, at:
 * 1. `structuredContent`, when the result has one;
 * 2. the first JSON value of the joined text, found as `json_path` finds it (`firstJsonValue`: the whole text, the
 *    first line that is JSON, or a value that starts a line and spans several).
 * The first source where the path matches wins; when a path matches several values (`$.items[*].id`), the first is
 * captured. Values keep their JSON type (mcp-assert keeps strings; see renderTemplate for why typed is better).
 * Paths are evaluated by jsonpath-plus with script evaluation off: `[?(...)]` filters and `[(...)]` expressions are
 * refused rather than run, since suites come from users. Never throws.
 */
export function applyCaptures(capture: Readonly<Record<string, string>>, toolResult: unknown): ApplyCapturesResult {
  const entries = Object.entries(capture);
  const captured: Record<string, unknown> = {};
  if (entries.length === 0) return { ok: true, captured };

  const sources = captureSources(toolResult);
  for (const [name, path] of entries) {
    if (path.trim() === '') {
      return fail('invalid_path', name, path, 'the path is empty (write $ for the whole result)');
    }
    if (sources.length === 0) {
      return fail(
        'no_json',
        name,
        path,
        `the setup result has no structuredContent and its text is not JSON (text: ${trimmed(resultText(toolResult))})`,
      );
    }
    let found = false;
    for (const source of sources) {
      const evaluated = evaluate(path, source);
      if ('error' in evaluated) return fail(evaluated.error.code, name, path, evaluated.error.message);
      if (evaluated.matches.length > 0) {
        captured[name] = evaluated.matches[0];
        found = true;
        break;
      }
    }
    if (!found) {
      const searched = sources.map((s) => trimmed(JSON.stringify(s) ?? '')).join(' and ');
      return fail('no_match', name, path, `no value matched in ${searched}`);
    }
  }
  return { ok: true, captured };
}

function fail(code: CaptureError['code'], name: string, path: string, detail: string): ApplyCapturesResult {
  return { ok: false, error: { code, name, path, message: `capture ${JSON.stringify(name)} (${path}): ${detail}` } };
}

function evaluate(
  path: string,
  json: unknown,
): { matches: unknown[] } | { error: { code: 'invalid_path' | 'script_disabled'; message: string } } {
  // jsonpath-plus returns nothing for falsy documents (0, false, ""), so the root is taken directly.
  if (path.trim() === '$') return { matches: [json] };
  try {
    const result: unknown = JSONPath({ path, json: json as object, eval: false, wrap: true });
    return { matches: Array.isArray(result) ? result : [] };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    if (/prevented/i.test(reason)) {
      return {
        error: {
          code: 'script_disabled',
          message: 'filter and script expressions ([?(...)], [(...)]) are not allowed in capture paths',
        },
      };
    }
    return { error: { code: 'invalid_path', message: `invalid JSONPath: ${reason}` } };
  }
}

/** The JSON values a capture path is evaluated against, in priority order. */
function captureSources(toolResult: unknown): unknown[] {
  const sources: unknown[] = [];
  if (isRecord(toolResult) && toolResult.structuredContent !== undefined && toolResult.structuredContent !== null) {
    sources.push(toolResult.structuredContent);
  }
  const text = resultText(toolResult);
  // The checker's extraction (json_path), so a value a check finds is one a capture finds too.
  const parsed = firstJsonValue(text);
  if (parsed.ok) sources.push(parsed.value);
  return sources;
}

/**
 * The checker's result text (text blocks joined by newlines, as mcp-assert does), over a result that is not yet
 * known to be well formed: content that is not a list, and blocks that are not objects, are left out.
 */
function resultText(toolResult: unknown): string {
  if (!isRecord(toolResult) || !Array.isArray(toolResult.content)) return '';
  const blocks = (toolResult.content as unknown[]).filter(isRecord) as unknown as ToolContentBlock[];
  return checkedResultText({ content: blocks });
}

function trimmed(text: string): string {
  const max = 200;
  const quoted = JSON.stringify(text.length <= max ? text : `${text.slice(0, max)}…`);
  return text.length <= max ? quoted : `${quoted} (${text.length} chars)`;
}
