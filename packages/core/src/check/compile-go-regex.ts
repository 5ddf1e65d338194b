import { RE2JS } from 're2js';

/**
 * mcp-assert's patterns are Go RE2, and so are ours: re2js is RE2 in JavaScript, so Go's syntax (`(?i)`, `(?P<name>`,
 * `(?U)`, `\\z`) works as written and matching takes time linear in the text whatever the pattern (a tenant's
 * `^(a+)+$` cannot freeze a worker). What RE2 refuses (backreferences, lookaround) is an invalid pattern, as in Go.
 */
export function compileGoRegex(pattern: string): { ok: true; regex: GoRegex } | { ok: false; error: string } {
  const cached = regexCache.get(pattern);
  if (cached) return cached;
  let compiled: { ok: true; regex: GoRegex } | { ok: false; error: string };
  try {
    compiled = { ok: true, regex: RE2JS.compile(pattern) };
  } catch (error) {
    compiled = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (regexCache.size >= REGEX_CACHE_LIMIT) regexCache.clear();
  regexCache.set(pattern, compiled);
  return compiled;
}

/** A compiled matches_regex pattern: `test` searches the text (unanchored, like Go's MatchString). */
export interface GoRegex {
  test(text: string): boolean;
}

/** Compiled patterns: a suite repeats its patterns across trials and runs; bounded so a worker does not grow. */
const regexCache = new Map<string, { ok: true; regex: GoRegex } | { ok: false; error: string }>();
const REGEX_CACHE_LIMIT = 500;
