/**
 * A result's `detail` (the checker's one-line message, e.g. `expected result to contain "x", got: …`) split into what
 * was expected and what came back, so the run page can show them apart. The checker's messages are the contract here
 * (packages/core `check/checks/`, one file a check); a message in no known shape is shown whole as `summary`.
 */
export interface ExplainedDetail {
  /** The expectation in words (or the whole message). */
  summary: string;
  /** The wanted value when the message names it apart from the sentence (exact match, json_path, snapshots). */
  expected?: string;
  /** What the server answered (an excerpt, trimmed by the checker). */
  got?: string;
}

const SHAPES: { pattern: RegExp; explain: (m: RegExpMatchArray) => ExplainedDetail }[] = [
  {
    // equals: "expected exact match:\n  want: …\n  got:  …"
    pattern: /^(expected exact match):\s*\n\s*want: ([\s\S]*?)\n\s*got:\s+([\s\S]*)$/,
    explain: (m) => ({ summary: 'expected an exact match', expected: m[2]!, got: m[3]! }),
  },
  {
    // json_path / structured_content / snapshots: "<what>: want X, got Y"
    pattern: /^([\s\S]*?):? want ([\s\S]*?), got ([\s\S]*)$/,
    explain: (m) => ({
      // "json_path "$.a"" names a place; "snapshot: text differs…" already says what is wrong.
      summary: /differs/.test(m[1]!) ? m[1]! : `${m[1]!} is not the expected value`,
      expected: m[2]!,
      got: m[3]!,
    }),
  },
  {
    // not_error: "expected no error but tool returned isError=true; server response: …"
    pattern: /^([\s\S]*?); server response: ([\s\S]*)$/,
    explain: (m) => ({ summary: m[1]!, got: m[2]! }),
  },
  {
    // max_ms: "expected the call to take at most N ms, took M ms"
    pattern: /^([\s\S]*?), took ([\s\S]*)$/,
    explain: (m) => ({ summary: m[1]!, got: m[2]! }),
  },
  {
    // Most expectations: "expected …, got: …" / "…; got: …" / "expected at least N results, got M"
    pattern: /^([\s\S]*?)(?:,|;) got:? ([\s\S]*)$/,
    explain: (m) => ({ summary: m[1]!, got: m[2]! }),
  },
];

export function explainDetail(detail: string): ExplainedDetail {
  const text = detail.trim();
  for (const shape of SHAPES) {
    const match = text.match(shape.pattern);
    if (match) return shape.explain(match);
  }
  return { summary: text };
}
