/** Small text helpers shared by the reporters (not exported from the package). */

/** `12ms` under a second, `1.23s` from there, so a column of durations scans quickly. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0ms';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return `${(ms / 1000).toFixed(2)}s`;
}

/** pass@k and pass^k for display: at most two decimals, no trailing zeros (1, 0, 0.7, 0.33). */
export function formatRate(rate: number): string {
  return String(Math.round(rate * 100) / 100);
}

/** Code points that must not reach a terminal or an XML document verbatim, shown as `\u001b` instead. */
export function visibleEscape(char: string): string {
  return `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
}

/** The first line of a (possibly multi-line) detail. */
export function firstLine(text: string): string {
  const newline = text.search(/\r?\n/);
  return newline < 0 ? text : text.slice(0, newline);
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
