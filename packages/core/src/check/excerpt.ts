/** Longest excerpt of a response or file shown in a failure, in characters (as mcp-assert's `%.200s`). */
export const MAX_EXCERPT = 200;

/** At most MAX_EXCERPT characters (code points, so no half surrogate pairs), with an ellipsis when cut. */
export function trimExcerpt(value: string, max = MAX_EXCERPT): string {
  if (value.length <= max) return value;
  const points = Array.from(value);
  return points.length <= max ? value : `${points.slice(0, max).join('')}…`;
}

/** Up to 60 characters either side of a match, so a failure shows the offending part of a long response. */
export function excerptAround(value: string, index: number, length: number): string {
  const start = Math.max(0, index - 60);
  const end = Math.min(value.length, index + length + 60);
  return trimExcerpt(`${start > 0 ? '…' : ''}${value.slice(start, end)}${end < value.length ? '…' : ''}`);
}

export const quote = (value: string): string => JSON.stringify(value);

/** JSON for messages (trimmed); `undefined` spelled out since JSON.stringify drops it. */
export function show(value: unknown): string {
  return value === undefined ? 'undefined' : trimExcerpt(JSON.stringify(value) ?? String(value));
}

/** Where two texts part: file_unchanged and snapshot failures show that spot, not the (equal) start. */
export function firstDifference(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return length;
}
