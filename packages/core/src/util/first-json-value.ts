/** A JSON parse: the value, or the parse error's message. */
export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

/** JSON.parse of the whole text, the error as a value. */
export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The first JSON value in a response, as mcp-assert finds it: the whole text if it is JSON, else the first line that
 * is. mcptest also takes a value that starts a line and spans several (pretty-printed JSON after a prose line or a
 * ``` fence), which mcp-assert misses; a value nested inside such a span that is itself not JSON is not looked for.
 * The error is the whole text's parse error.
 *
 * Linear in the text: the spans come from one pass (`lineValueSpans`) and the spans parsed do not overlap. Scanning
 * anew from each line that starts with `[` or `{` made a server's answer of 20,000 such lines take seconds.
 */
export function firstJsonValue(text: string): Parsed {
  const whole = parseJson(text);
  if (whole.ok) return whole;
  const starts: number[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const trimmed = line.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) starts.push(offset + line.length - trimmed.length);
    offset += line.length + 1;
  }
  const spans = lineValueSpans(text, new Set(starts));
  let searchedTo = 0;
  offset = 0;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed !== '') {
      const single = mayBeJson(trimmed) ? parseJson(trimmed) : undefined;
      if (single?.ok) return single;
      const start = offset + line.length - line.trimStart().length;
      const end = spans.get(start);
      if (end !== undefined && start >= searchedTo) {
        const multi = parseJson(text.slice(start, end + 1));
        if (multi.ok) return multi;
        searchedTo = end + 1;
      }
    }
    offset += line.length + 1;
  }
  return whole;
}

/**
 * False when `text` (trimmed, not empty) cannot be one JSON value, judged by its first and last characters: a failed
 * JSON.parse costs an exception, and a hostile answer can have a million lines.
 */
function mayBeJson(text: string): boolean {
  const first = text[0];
  const last = text[text.length - 1] ?? '';
  if (first === '{') return last === '}';
  if (first === '[') return last === ']';
  if (first === '"') return text.length >= 2 && last === '"';
  if (first === 't' || first === 'f' || first === 'n') return text === 'true' || text === 'false' || text === 'null';
  return (first === '-' || isDigit(first)) && isDigit(last);
}

const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';

/**
 * Where the bracket at each of `starts` (a `{` or `[` opening a line) closes, brackets inside strings skipped, in one
 * pass. A JSON string cannot hold a raw line break, so a line break inside a string ends every span open at that
 * point (none of them can be JSON) and the next line starts outside any string, exactly as a scan started there
 * would: that is what lets one pass stand for a scan from every line.
 */
function lineValueSpans(text: string, starts: ReadonlySet<number>): Map<number, number> {
  const spans = new Map<number, number>();
  // Open brackets, innermost last: their position when they start a line, else -1.
  const open: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') {
      if (inString) {
        inString = false;
        open.length = 0;
      }
    } else if (inString) {
      if (char === '\\' && text[i + 1] !== '\n') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      open.push(starts.has(i) ? i : -1);
    } else if (char === '}' || char === ']') {
      const opened = open.pop();
      if (opened !== undefined && opened >= 0) spans.set(opened, i);
    }
  }
  return spans;
}
